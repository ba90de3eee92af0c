import { MESSAGES } from '../../../../../shared/messages';

/** Sign-in, sign-up and reset texts the specification gives, and this app's own where the spec names none. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  unconfirmed: 'Please check your email and click the confirmation link before signing in.',
  fallback: 'Authentication failed',
  google: 'Google sign-in failed',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  demoPreparing: 'Preparing your demo account…',
  demoFailed: 'We could not prepare a demo account. Please try again.',
  resetRequired: 'Your password must be reset before you can sign in. Use "Forgot password?" below.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  passwordRequired: 'Password is required',
  confirmationSent: 'Confirmation email sent',
  confirmationSentDetail: 'Please check your inbox to confirm your email',
  incompleteVerificationLink: 'This confirmation link is incomplete. Please open the link from your email again.',

  resetCodeNotSent: 'Unable to send reset code. Please check your email address.',
  resetFailed: 'Unable to reset password. Please try again.',
  invalidCode: MESSAGES.invalidVerificationCode,
  unexpected: 'An error occurred',
  codeSent: 'Verification code sent',
  codeSentDetail: 'Please check your email for a 6-digit code',
  resetDone: 'Password reset successful',
  resetDoneDetail: 'You can now sign in with your new password',
} as const;

export const cooldownMessage = MESSAGES.signInThrottled;

const THROTTLE_REFUSAL = /Too many sign-in attempts\. Please wait (\d+) seconds?\./;

/** The seconds the server's throttle (the pre-authentication trigger) says to wait, or null for another failure. */
export function throttleWaitSeconds(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== 'UserLambdaValidationException') return null;
  const match = THROTTLE_REFUSAL.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** A trigger's refusal reads "PreSignUp failed with error <our message>."; the person reads ours. */
const TRIGGER_REFUSAL = /^\w+ failed with error (.+)\.$/s;

/** The text to show for a failed sign-in or sign-up, by Cognito's error name. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return AUTH_MESSAGES.fallback;
  switch (error.name) {
    case 'UserLambdaValidationException':
      return TRIGGER_REFUSAL.exec(error.message)?.[1] ?? AUTH_MESSAGES.fallback;
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return AUTH_MESSAGES.invalidCredentials;
    case 'UserNotConfirmedException':
      return AUTH_MESSAGES.unconfirmed;
    // The user pool's web ACL (or Cognito's own throttle, whose message is "Rate exceeded").
    case 'TooManyRequestsException':
      return MESSAGES.tooManyAuthRequests;
    default:
      return error.message || AUTH_MESSAGES.fallback;
  }
}
