import { cognitoEndpoint } from '../../../../../shared/web-config';
import type { AccountDeletion } from '../../../../../shared/account-deletion.schema';
import { toApiError } from '../../../lib/api';
import { browserKey } from '../../../lib/browser-key';
import { loadWebConfig } from '../../../lib/web-config';

/** Why Cognito refused the password given again: Cognito's error name (`NotAuthorizedException`: a wrong password). */
export class SignInAgainError extends Error {
  constructor(readonly type: string) {
    super(type);
    this.name = 'SignInAgainError';
  }
}

/**
 * Signs in again with the password, as the sign-in page does (USER_PASSWORD_AUTH, the browser's
 * key for the sign-in throttle), but beside the session rather than in place of it: straight to
 * Cognito's API, so the session this tab holds stays as it is. Answers the new ID token, whose
 * `auth_time` is now: what DELETE /api/account asks for.
 */
export async function signInAgain(email: string, password: string): Promise<string> {
  const config = await loadWebConfig();
  const response = await fetch(`${config.userPoolEndpoint ?? cognitoEndpoint(config.region)}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
      ClientMetadata: { browser: browserKey() },
    }),
  });
  const answer = (await response.json().catch(() => ({}))) as { __type?: string; AuthenticationResult?: { IdToken?: string } };
  const token = answer.AuthenticationResult?.IdToken;
  if (!response.ok || !token) throw new SignInAgainError(answer.__type?.split('#').pop() ?? 'unknown');
  return token;
}

/** DELETE /api/account with a token of a fresh sign-in (not necessarily the session's, so not through apiRequest). */
export async function deleteAccount(idToken: string, body: AccountDeletion): Promise<void> {
  const response = await fetch('/api/account', {
    method: 'DELETE',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => undefined));
}
