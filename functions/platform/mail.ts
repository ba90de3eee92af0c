import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientPerEndpoint } from './endpoint-client';

const ses = clientPerEndpoint('AWS_ENDPOINT_URL_SESV2', () => new SESv2Client({}));

/** Sends a plain-text mail through SES. Locally AWS_ENDPOINT_URL_SESV2 points at the outbox. */
export async function sendMail(mail: { to: string; subject: string; text: string }): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: process.env.MAIL_FROM ?? 'Tempo <no-reply@tempo.local>',
      Destination: { ToAddresses: [mail.to] },
      Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
    }),
  );
}
