import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientPerEndpoint } from './endpoint-client';

const ses = clientPerEndpoint('AWS_ENDPOINT_URL_SESV2', () => new SESv2Client({}));

/** A control character (a line break among them): in a header it would end the line and start another. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Sends a plain-text mail through SES. Locally AWS_ENDPOINT_URL_SESV2 points at the outbox. A
 * recipient or subject with a control character is refused, whatever made it: nothing a person
 * typed reaches a header raw. SES reports bounces and complaints through the sender identity's
 * configuration set (infra/stacks/email-stack.ts).
 */
export async function sendMail(mail: { to: string; subject: string; text: string }): Promise<void> {
  if (CONTROL_CHARACTER.test(mail.to) || CONTROL_CHARACTER.test(mail.subject)) throw new Error('A mail header must not hold a control character');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: process.env.MAIL_FROM ?? 'Tempo <no-reply@tempo.local>',
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
    }),
  );
}
