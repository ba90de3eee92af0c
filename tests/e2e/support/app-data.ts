import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { callCognito, createAccount, PASSWORD } from './accounts';
import { signInThroughForm } from './sign-in';

/** A signed-in account of its own, plus a way to make its data through the API as a script would. */
export async function signedInAccount(page: Page, request: APIRequestContext, purpose: string) {
  const email = await createAccount(request, purpose);
  const auth = await callCognito(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD } });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  const headers = { authorization: `Bearer ${auth.body.AuthenticationResult.IdToken}` };
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
    async remove(kind: 'goals' | 'tasks' | 'events', id: string): Promise<void> {
      const response = await request.delete(`/api/${kind}/${id}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
  await page.goto('/login');
  await signInThroughForm(page, email);
  return { email, api };
}
