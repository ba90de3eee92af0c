import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { forgetLastBrowser } from './sign-in-throttle.repository';
import { cognitoTrigger } from './trigger';
import { COGNITO_TRIGGERS } from './triggers';

/**
 * Cognito trigger after a successful sign-in: the browser that signed in is the person's, so the
 * throttle forgets its attempts and waits. Cognito does not hand this trigger the browser's key;
 * the pre-authentication trigger noted the browser it let through just before. Other browsers
 * (a stranger's) keep their waits, and the account-wide hourly count stays.
 */
export const handler = cognitoTrigger(COGNITO_TRIGGERS.PostAuthentication, async (event: PostAuthenticationTriggerEvent) => {
  await forgetLastBrowser(event.request.userAttributes.email ?? event.userName);
  return event;
});
