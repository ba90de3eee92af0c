import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { escapeHtml } from '../platform/html';
import { appOrigin } from '../platform/site';

export const VERIFICATION_SUBJECT = 'Confirm your Tempo account';

/**
 * Cognito trigger: turns the sign-up code into a link to /verify-email. Cognito puts the real code
 * where `codeParameter` stands and sends the mail (through SES in AWS, into the outbox locally).
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (event.triggerSource !== 'CustomMessage_SignUp' && event.triggerSource !== 'CustomMessage_ResendCode') return event;
  const email = event.request.userAttributes.email ?? '';
  const name = event.request.userAttributes.name;
  const link = `${appOrigin()}/verify-email?email=${encodeURIComponent(email)}&code=${event.request.codeParameter}`;
  event.response.emailSubject = VERIFICATION_SUBJECT;
  event.response.emailMessage = [
    // The name is checked at sign-up (pre sign-up trigger) but may be changed since: escaped all the same.
    `Hello${name ? ` ${escapeHtml(name)}` : ''},`,
    '',
    'Welcome to Tempo. Confirm your email address by opening this link:',
    '',
    link,
    '',
    'If you did not sign up, you can ignore this message.',
  ].join('\n');
  return event;
}
