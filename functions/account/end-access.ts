import { AdminDeleteUserCommand, AdminUserGlobalSignOutCommand, ListUsersCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { DAY_MS } from '../../shared/dates';
import { nowMs } from '../platform/clock';
import { cognito, userPool } from '../platform/cognito';
import { endSessionsBefore } from '../platform/token-cutoffs.repository';

/** The account to delete: its `sub`, and the address it was known by. */
export interface AccountToDelete {
  userId: string;
  email: string;
}

/** The account's Cognito user while it exists, and every address it was known by (lower case). */
export interface EndedSessions {
  username: string | undefined;
  addresses: string[];
}

/**
 * Ends every session of an account being deleted: Cognito signs it out everywhere (its refresh
 * tokens), the user found by its `sub`, which no one can change (the address could be changed
 * once); then its tokens stop counting (an ID token lives an hour after the Cognito user is gone).
 * The record of when tokens count stays until its TTL, a day on, when no token of the account can
 * be alive. Safe to run again.
 */
export async function endSessions({ userId, email }: AccountToDelete): Promise<EndedSessions> {
  const user = await cognitoUserOf(userId);
  if (user) await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPool().userPoolId, Username: user.username }));
  // Timed after Cognito's sign-out, so that no token refreshed meanwhile counts.
  const signedOutAt = new Date(nowMs());
  await endSessionsBefore(userId, signedOutAt, new Date(signedOutAt.getTime() + DAY_MS));
  const addresses = [email, user?.email].filter((address): address is string => Boolean(address)).map((address) => address.toLowerCase());
  return { username: user?.username, addresses: [...new Set(addresses)] };
}

/** Ends an account's access at once, as a person's own deletion does before the rest: its sessions, then its Cognito user, so nobody signs in to it again. */
export async function endAccountAccess(account: AccountToDelete): Promise<void> {
  const { username } = await endSessions(account);
  if (username) await deleteCognitoUser(username);
}

/** The Cognito user with this `sub` (a filtered ListUsers, at most one), or undefined when there is none. */
async function cognitoUserOf(sub: string): Promise<{ username: string; email: string | undefined } | undefined> {
  const { Users } = await cognito().send(new ListUsersCommand({ UserPoolId: userPool().userPoolId, Filter: `sub = "${sub}"`, Limit: 1 }));
  const user = Users?.[0];
  if (!user?.Username) return undefined;
  return { username: user.Username, email: user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value };
}

/** Deletes a Cognito user by username; one already gone counts as deleted. */
export async function deleteCognitoUser(username: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPool().userPoolId, Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}
