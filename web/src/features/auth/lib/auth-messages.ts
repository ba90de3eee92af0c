import type { PublicTexts } from '../../../i18n/catalogue-types';
import { localizeMessage } from '../../../lib/api';

const THROTTLE_REFUSAL = /Too many sign-in attempts\. Please wait (\d+) seconds?\./;

/** The seconds the server's throttle (the pre-authentication trigger) says to wait, or null for another failure. */
export function throttleWaitSeconds(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== 'UserLambdaValidationException') return null;
  const match = THROTTLE_REFUSAL.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** A trigger's refusal reads "PreSignUp failed with error <our message>."; the person reads ours. */
const TRIGGER_REFUSAL = /^\w+ failed with error (.+)\.$/s;

/**
 * The text to show for a failed sign-in or sign-up, by Cognito's error name, in the person's
 * language; any other failure shows the server's own message, and only one without a message the fallback.
 */
export function authErrorMessage(error: unknown, texts: PublicTexts): string {
  const t = texts.auth.messages;
  if (!(error instanceof Error)) return t.fallback;
  switch (error.name) {
    case 'UserLambdaValidationException': {
      const refusal = TRIGGER_REFUSAL.exec(error.message)?.[1];
      return refusal ? localizeMessage(refusal, texts) : t.fallback;
    }
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return t.invalidCredentials;
    case 'UserNotConfirmedException':
      return t.unconfirmed;
    // The user pool's web ACL (or Cognito's own throttle, whose message is "Rate exceeded").
    case 'TooManyRequestsException':
      return texts.errors.tooManyAuthRequests;
    default:
      return error.message.trim() ? localizeMessage(error.message, texts) : t.fallback;
  }
}
