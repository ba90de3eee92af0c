import { googleConfig } from './config';
import { getConnection, openTokens, type Connection } from './tokens.repository';

/** The user's grant to this client, given back to Google: by a disconnect, and by the demo clean-up. */

/** Gives the user's grant back to Google when they have one (see revokeGrant); any failure throws. */
export async function revokeStoredGrant(userId: string): Promise<void> {
  const connection = await getConnection(userId);
  if (connection) await revokeGrant(connection);
}

/**
 * Gives the user's grant back to Google (revoking the refresh token ends the whole grant), as
 * Google documents it: a form POST of the token to the revocation endpoint. Asked once, without
 * the client library's retries: a caller that must know tries again on its own schedule (the demo
 * clean-up's next run). Google answers 400 invalid_token for a token it no longer knows: the grant
 * is gone already, which is what was asked. Any other failure throws.
 */
export async function revokeGrant(connection: Connection): Promise<void> {
  const answer = await fetch(googleConfig().revokeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: openTokens(connection).refreshToken }),
  });
  if (!answer.ok && answer.status !== 400) throw new Error(`Google did not revoke the grant: ${answer.status}`);
}
