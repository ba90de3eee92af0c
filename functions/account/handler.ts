import { ACCOUNT_DELETION, ACCOUNT_DELETION_MESSAGES, confirmsDeletion } from '../../shared/account-deletion';
import { publish } from '../platform/bus';
import { HttpError, invalidField } from '../platform/errors';
import { httpHandler } from '../platform/http';
import { getSettings } from '../settings/account-settings';
import { endAccountAccess } from './end-access';

/**
 * Settings → "Delete my account", a signed-in session's only (routes.ts marks it sessionOnly). The
 * token must come from a sign-in of the last few minutes (its `auth_time`: the password, or
 * Google's sign-in, given again) and the body must name the account's address. Nothing changes
 * before both pass. Then the deletion is put on the bus (its consumer deletes everything and mails
 * the confirmation), and the account's access ends here at once: signed out everywhere, its tokens
 * refused, its Cognito user gone. Put on the bus first, so that an answer that fails after it leaves
 * the deletion to the consumer rather than half done; both steps may run twice.
 */
export const handler = httpHandler('account', {
  'DELETE /api/account': async ({ userId, body, now, event }) => {
    const claims = event.requestContext.authorizer.lambda;
    const email = claims.email ?? '';
    if (email === '' || !confirmsDeletion(body.confirmation, email)) throw invalidField('confirmation', ACCOUNT_DELETION_MESSAGES.confirmationMismatch);
    const signedInAt = Number(claims.auth_time) * 1000;
    // A token without `auth_time` (NaN) is never fresh.
    if (!(now.getTime() - signedInAt <= ACCOUNT_DELETION.freshSignInMs)) throw new HttpError(403, 'sign_in_again', ACCOUNT_DELETION_MESSAGES.signInAgain);
    const { settings } = await getSettings(userId);
    await publish('account.deletion-requested', { userId, email, lang: settings.lang, occurredAt: now.toISOString() });
    await endAccountAccess({ userId, email });
    return { status: 202 };
  },
});
