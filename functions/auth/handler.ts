import { ACCOUNT_ROUTE_LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { publishAfterSave } from '../platform/bus';
import { clientAddress } from '../platform/client-address';
import { invalidField, unauthorized } from '../platform/errors';
import { httpHandler, ok } from '../platform/http';
import { returnQuota, takeQuota } from '../platform/quota.repository';
import { confirmEmail, endEverySession, resetPassword } from './accounts';
import { openSignInLink } from './sign-in-links.repository';
import { trustDevice } from './trusted-devices.repository';

const invalidCode = () => invalidField('code', MESSAGES.invalidVerificationCode);
/** One requester's uses of a public account route in the hour (ACCOUNT_ROUTE_LIMITS): whoever they name, their own count. */
const requesterQuota = (key: string, limit: number) => ({ key, limit, windowMs: ACCOUNT_ROUTE_LIMITS.window, message: MESSAGES.tooManyAuthRequests });

/** Account endpoints. None of the public ones' answers tells whether an address has an account. */
export const handler = httpHandler('auth', {
  // Only wrong codes count (a right one gives its use back): an office behind one address confirms
  // any number of accounts; a guesser soon waits, however many guesses it sends side by side.
  'POST /api/auth/verify-email': async ({ body, now, event }) => {
    const wrongCodes = requesterQuota(`verify-email#address#${clientAddress(event)}`, ACCOUNT_ROUTE_LIMITS.wrongVerificationsPerAddress);
    await takeQuota(wrongCodes, now);
    if (!(await confirmEmail(body.email, body.code, now))) throw invalidCode();
    await returnQuota(wrongCodes, now);
    return ok({ verified: true });
  },

  'POST /api/auth/reset-code': async ({ body, now, event }) => {
    const address = clientAddress(event);
    await takeQuota(requesterQuota(`reset-code#browser#${address}#${body.browser ?? 'none'}`, ACCOUNT_ROUTE_LIMITS.resetCodesPerBrowser), now);
    await takeQuota(requesterQuota(`reset-code#address#${address}`, ACCOUNT_ROUTE_LIMITS.resetCodesPerAddress), now);
    await publishAfterSave('password.reset-requested', { email: body.email, lang: body.lang, occurredAt: now.toISOString() });
    return { status: 202, body: { sent: true } };
  },

  'POST /api/auth/reset-password': async ({ body, now, event }) => {
    await takeQuota(requesterQuota(`reset-password#address#${clientAddress(event)}`, ACCOUNT_ROUTE_LIMITS.resetsPerAddress), now);
    if (!(await resetPassword(body, now))) throw invalidCode();
    return ok({ reset: true });
  },

  // Counted like the reset codes' requests; the mail goes from the bus, so the answer is alike
  // (and as fast) whether or not the address has an account.
  'POST /api/auth/sign-in-link': async ({ body, now, event }) => {
    const address = clientAddress(event);
    await takeQuota(requesterQuota(`sign-in-link#browser#${address}#${body.browser ?? 'none'}`, ACCOUNT_ROUTE_LIMITS.signInLinksPerBrowser), now);
    await takeQuota(requesterQuota(`sign-in-link#address#${address}`, ACCOUNT_ROUTE_LIMITS.signInLinksPerAddress), now);
    await publishAfterSave('auth.sign-in-link-requested', { email: body.email, lang: body.lang, occurredAt: now.toISOString() });
    return { status: 202, body: { sent: true } };
  },

  // The mailed link, opened: the browser that opened it is trusted for the account, as after a
  // sign-in. Only links that do not open count against the address, as wrong verification codes do.
  'POST /api/auth/sign-in-link/open': async ({ body, now, event }) => {
    const wrongLinks = requesterQuota(`sign-in-link-open#address#${clientAddress(event)}`, ACCOUNT_ROUTE_LIMITS.wrongSignInLinksPerAddress);
    await takeQuota(wrongLinks, now);
    const link = await openSignInLink(body.token, now.getTime());
    if (!link) throw invalidField('token', MESSAGES.invalidSignInLink);
    await returnQuota(wrongLinks, now);
    return { status: 201, body: { email: link.email, token: await trustDevice(link.userId, { token: undefined }, now.getTime()) } };
  },

  // The account is the verified token's `sub`: what its address may become never moves the trust.
  'POST /api/auth/device-token': async ({ userId, body, now }) => ({
    status: 201,
    body: { token: await trustDevice(userId, { token: body.replaces }, now.getTime()) },
  }),

  // ID tokens carry the pool's user name (an access token has none).
  'POST /api/auth/sign-out-everywhere': async ({ userId, body, event }) => {
    const { 'cognito:username': username } = event.requestContext.authorizer.lambda;
    if (typeof username !== 'string' || username === '') throw unauthorized();
    await endEverySession({ userId, username, revokeAccessTokens: body.revoke_access_tokens ?? false });
    return ok({ signed_out: true });
  },
});
