import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { authErrorMessage } from '../../web/src/features/auth/lib/auth-messages';
import de from '../../web/src/i18n/de/public';
import en from '../../web/src/i18n/en/public';

/** An error as Amplify throws Cognito's answers: its name is Cognito's exception, its message the server's. */
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('the sign-in and sign-up error texts', () => {
  it('name the failures they know in the person’s language', () => {
    expect(authErrorMessage(cognitoError('NotAuthorizedException', 'Incorrect username or password.'), en)).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(authErrorMessage(cognitoError('UserNotFoundException', 'User does not exist.'), de)).toBe(de.auth.messages.invalidCredentials);
    expect(authErrorMessage(cognitoError('UserNotConfirmedException', 'User is not confirmed.'), en)).toBe(
      'Please check your email and click the confirmation link before signing in.',
    );
    expect(authErrorMessage(cognitoError('UserLambdaValidationException', `PreSignUp failed with error ${MESSAGES.tooManyAuthRequests}.`), de)).toBe(
      de.errors.tooManyAuthRequests,
    );
  });

  it('show the server’s message for any other failure', () => {
    expect(authErrorMessage(cognitoError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'), en)).toBe(
      'Password did not conform with policy: Password not long enough',
    );
    expect(authErrorMessage(cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'), de)).toBe(
      'Attempt limit exceeded, please try after some time.',
    );
    // A message that is one of ours reads in the person's language.
    expect(authErrorMessage(cognitoError('InternalErrorException', MESSAGES.tooManyAuthRequests), de)).toBe(de.errors.tooManyAuthRequests);
  });

  it('fall back to "Authentication failed" only for a failure without a message', () => {
    expect(authErrorMessage(cognitoError('InternalErrorException', ''), en)).toBe('Authentication failed');
    expect(authErrorMessage(cognitoError('UnknownError', '  '), de)).toBe(de.auth.messages.fallback);
    expect(authErrorMessage('refused', en)).toBe('Authentication failed');
    expect(authErrorMessage(undefined, en)).toBe('Authentication failed');
  });
});
