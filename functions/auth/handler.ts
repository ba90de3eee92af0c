import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CodeMismatchException,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  NotAuthorizedException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { publishAfterSave } from '../platform/bus';
import { cognito, userPool } from '../platform/cognito';
import { invalidField } from '../platform/errors';
import { endSessionsBefore } from '../platform/sessions';
import { MESSAGES } from '../../shared/messages';
import { httpHandler, ok } from '../platform/http';
import { redeemResetCode } from './reset-codes';
import { rememberVerification, wasVerifiedWith } from './verifications';

const invalidCode = () => invalidField('code', MESSAGES.invalidVerificationCode);

/** Public account endpoints. None of their answers tells whether an address has an account. */
export const handler = httpHandler('auth', {
  'POST /api/auth/verify-email': async ({ body, now }) => {
    try {
      await cognito().send(
        new ConfirmSignUpCommand({ ClientId: userPool().clientId, Username: body.email, ConfirmationCode: body.code }),
      );
    } catch (error) {
      const refused = [CodeMismatchException, ExpiredCodeException, NotAuthorizedException, UserNotFoundException].some(
        (kind) => error instanceof kind,
      );
      if (!refused) throw error;
      // The same link opened again is a success; any other code is refused alike for every address.
      if (await wasVerifiedWith(body.email, body.code)) return ok({ verified: true });
      throw invalidCode();
    }
    await rememberVerification(body.email, body.code, now.getTime());
    return ok({ verified: true });
  },

  'POST /api/auth/reset-code': async ({ body, now }) => {
    await publishAfterSave('password.reset-requested', { email: body.email, occurredAt: now.toISOString() });
    return { status: 202, body: { sent: true } };
  },

  'POST /api/auth/reset-password': async ({ body, now }) => {
    if (!(await redeemResetCode(body.email, body.code, now.getTime()))) throw invalidCode();
    try {
      await cognito().send(
        new AdminSetUserPasswordCommand({ UserPoolId: userPool().userPoolId, Username: body.email, Password: body.password, Permanent: true }),
      );
      // Sessions opened with the old password (perhaps by whoever made the reset necessary) end
      // here: their refresh tokens with Cognito, the ID tokens already issued with our own check.
      await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPool().userPoolId, Username: body.email }));
      const { UserAttributes = [] } = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPool().userPoolId, Username: body.email }));
      const sub = UserAttributes.find((attribute) => attribute.Name === 'sub')?.Value;
      if (!sub) throw new Error('Cognito answered a user without its sub');
      await endSessionsBefore(sub, now);
    } catch (error) {
      if (error instanceof UserNotFoundException) throw invalidCode();
      throw error;
    }
    return ok({ reset: true });
  },
});
