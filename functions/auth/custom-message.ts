import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { escapeHtml } from '../platform/html';
import { appOrigin } from '../platform/site';
import { mailLanguage, MAIL_TEXTS } from './mail-texts';
import { cognitoTrigger } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/**
 * Cognito trigger: turns the sign-up code into a link to /verify-email. Cognito puts the real code
 * where `codeParameter` stands and sends the mail (through SES in AWS, into the outbox locally),
 * in the language of the account's `locale` (the sign-up page's).
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.CustomMessage, async (event: CustomMessageTriggerEvent) => {
  if (event.triggerSource !== 'CustomMessage_SignUp' && event.triggerSource !== 'CustomMessage_ResendCode') return event;
  const email = event.request.userAttributes.email ?? '';
  const name = event.request.userAttributes.name;
  const link = `${appOrigin()}/verify-email?email=${encodeURIComponent(email)}&code=${event.request.codeParameter}`;
  const texts = MAIL_TEXTS[mailLanguage(event.request.userAttributes.locale)].verification;
  event.response.emailSubject = texts.subject;
  event.response.emailMessage = [
    // The name is checked at sign-up (pre sign-up trigger) but may be changed since: escaped all the same.
    texts.greeting(name ? escapeHtml(name) : undefined),
    '',
    texts.open,
    '',
    link,
    '',
    texts.ignore,
  ].join('\n');
  return event;
});
