import { ACCESS_TOKEN_MESSAGES } from '../../shared/access-tokens';
import { refuseForDemo } from '../demo/allowance';
import { conflict, notFound } from '../platform/errors';
import { created, httpHandler, noContent, ok } from '../platform/http';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './repository';

/** Settings → "Access tokens": a signed-in session's only (routes.ts marks them sessionOnly), never a token's. */
export const handler = httpHandler('access-tokens', {
  'GET /api/access-tokens': async ({ userId, now }) => ok({ items: await listAccessTokens(userId, now) }),

  // A demo account is shared by whoever has its link: nothing of it may reach outside the screen.
  'POST /api/access-tokens': async ({ userId, body, now }) => {
    await refuseForDemo(userId, ACCESS_TOKEN_MESSAGES.demo);
    const made = await createAccessToken(userId, body, now);
    if (!made) throw conflict(ACCESS_TOKEN_MESSAGES.tooMany);
    return created(made);
  },

  'DELETE /api/access-tokens/{id}': async ({ userId, params }) => {
    if (!(await revokeAccessToken(userId, params.id!))) throw notFound();
    return noContent();
  },
});
