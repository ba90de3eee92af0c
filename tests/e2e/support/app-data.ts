import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { callCognito, createAccount, PASSWORD } from './accounts';

/**
 * A signed-in account of its own on `landsOn` (the dashboard unless given; null to load no page of
 * the app yet, for a test that makes its data first), plus a way to make its data through the API
 * as a script would. The session is the one the sign-in form would leave in
 * this tab (tests/e2e/sign-in.e2e.ts and accounts.e2e.ts go through the form itself), so a test
 * spends no time on the sign-in page and the dashboard it leads to.
 */
export async function signedInAccount(page: Page, request: APIRequestContext, purpose: string, landsOn: string | null = '/dashboard') {
  const email = await createAccount(request, purpose);
  const auth = await callCognito(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  const tokens = auth.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  const headers = { authorization: `Bearer ${tokens.IdToken}` };
  const api = {
    async create(kind: 'goals' | 'tasks' | 'events', body: Record<string, unknown>): Promise<{ id: string; title: string }> {
      const response = await request.post(`/api/${kind}`, { headers, data: body });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
    async get(path: string): Promise<any> {
      const response = await request.get(path, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return response.json();
    },
    async put(path: string, body: Record<string, unknown>): Promise<void> {
      const response = await request.put(path, { headers, data: body });
      expect(response.ok(), await response.text()).toBe(true);
    },
    async update(kind: 'goals' | 'tasks' | 'events', id: string, patch: Record<string, unknown>): Promise<void> {
      const response = await request.patch(`/api/${kind}/${id}`, { headers, data: patch });
      expect(response.ok(), await response.text()).toBe(true);
    },
    async remove(kind: 'goals' | 'tasks' | 'events', id: string): Promise<void> {
      const response = await request.delete(`/api/${kind}/${id}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
    },
    async delete(path: string): Promise<void> {
      const response = await request.delete(path, { headers });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
  await keepSessionInTab(page, request, email, tokens);
  if (landsOn) await page.goto(landsOn);
  /** Signs the same account in in another tab, as a person does who opens the app twice. */
  const openInTab = async (other: Page, path: string) => {
    await keepSessionInTab(other, request, email, tokens);
    await other.goto(path);
  };
  return { email, api, openInTab };
}

/** Stores a session where Amplify keeps one after a sign-in without "Remember me": this tab's sessionStorage. */
async function keepSessionInTab(page: Page, request: APIRequestContext, email: string, tokens: { IdToken: string; AccessToken: string; RefreshToken: string }) {
  const { userPoolClientId } = await (await request.get('/config.json')).json();
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const entries = {
    [`${prefix}.LastAuthUser`]: email,
    [`${prefix}.${email}.idToken`]: tokens.IdToken,
    [`${prefix}.${email}.accessToken`]: tokens.AccessToken,
    [`${prefix}.${email}.refreshToken`]: tokens.RefreshToken,
    [`${prefix}.${email}.clockDrift`]: '0',
    [`${prefix}.${email}.signInDetails`]: JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' }),
  };
  // A document of the app's origin that runs no app code, to reach the tab's storage.
  await page.goto('/config.json');
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
  }, entries);
}
