import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { invalidField } from '../platform/errors';
import { httpHandler, ok } from '../platform/http';
import { confirmEmail, endEverySession, resetPassword } from './accounts';

const invalidCode = () => invalidField('code', MESSAGES.invalidVerificationCode);

/** Account endpoints. None of the public ones' answers tells whether an address has an account. */
export const handler = httpHandler('auth', {
  'POST /api/auth/verify-email': async ({ body, now }) => {
    if (!(await confirmEmail(body.email, body.code, now))) throw invalidCode();
    return ok({ verified: true });
  },

  'POST /api/auth/reset-code': async ({ body, now }) => {
    await publishAfterSave('password.reset-requested', { email: body.email, lang: body.lang, occurredAt: now.toISOString() });
    return { status: 202, body: { sent: true } };
  },

  'POST /api/auth/reset-password': async ({ body, now }) => {
    if (!(await resetPassword(body.email, body.code, body.password, now))) throw invalidCode();
    return ok({ reset: true });
  },

  'POST /api/auth/sign-out-everywhere': async ({ userId, now }) => {
    await endEverySession(userId, now);
    return ok({ signed_out: true });
  },
});
