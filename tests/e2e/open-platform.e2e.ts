import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCESS_TOKEN_MESSAGES } from '../../shared/access-tokens';
import { WEBHOOK_MESSAGES } from '../../shared/webhooks';
import { RESET_SUBJECT } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { socketSwitch } from './support/change-socket';
import { installPageClock, stopPageClock } from './support/clock';
import { waitForMail } from './support/outbox';
import { signInThroughForm, signInToDemo } from './support/sign-in';

/**
 * Settings → Access tokens and Webhooks, through the real API: a token is shown once and works
 * until revoked (or until "Sign out everywhere" with its box ticked); a webhook's deliveries reach
 * the local receiver double (local/webhook-receiver-double.ts, on E2E_WEBHOOK_PORT), which verifies
 * their signatures and fails when told to.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const TOKEN = /^tempo_pat_[\w-]{43}$/;

/** Makes a token on the Settings screen and answers it, as copied from the field shown once. */
async function makeToken(page: Page, name: string, scope: 'Read' | 'Read and write') {
  const section = page.getByRole('region', { name: 'Access tokens' });
  await section.getByLabel('Name', { exact: true }).fill(name);
  await section.getByRole('radio', { name: scope, exact: true }).check();
  await section.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByLabel('Your new access token');
  await expect(shown).toHaveValue(TOKEN);
  // It takes the focus, selected, ready to copy.
  await expect(shown).toBeFocused();
  return shown.inputValue();
}

test('an access token is shown once, works with the API as its scope allows, and stops at once when revoked, the others working on', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { openInTab } = await signedInAccount(page, request, 'access-token', '/settings');
  const section = page.getByRole('region', { name: 'Access tokens' });
  await expect(section.getByText('No access tokens yet.')).toBeVisible();
  await expect(section.getByText(`${new URL(page.url()).origin}/mcp`)).toBeVisible();

  // A name is needed: the API's own message, before anything is sent.
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText(ACCESS_TOKEN_MESSAGES.nameRequired)).toBeVisible();
  await expect(section.getByLabel('Name', { exact: true })).toBeFocused();

  await section.getByLabel('Expires after').selectOption({ label: '90 days' });
  const token = await makeToken(page, 'Nightly script', 'Read and write');
  await expect(section.getByText('Copy it now: it will not be shown again.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('Access token copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = section.getByRole('listitem').filter({ hasText: 'Nightly script' });
  await expect(row).toContainText('Read and write');
  await expect(row).toContainText('Never used');

  // A script uses it, past the web app.
  const made = await request.post('/api/tasks', { headers: bearer(token), data: { title: 'Made by a script' } });
  expect(made.status(), await made.text()).toBe(201);
  const listed = await request.get('/api/tasks', { headers: bearer(token) });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).items.map((task: { title: string }) => task.title)).toContain('Made by a script');
  // Managing tokens is for a signed-in person only.
  const refused = await request.get('/api/access-tokens', { headers: bearer(token) });
  expect(refused.status()).toBe(403);

  // A read token reads and may not write.
  const reader = await makeToken(page, 'Dashboard reader', 'Read');
  await expect(section.getByRole('listitem').filter({ hasText: 'Dashboard reader' })).toContainText('Read');
  expect((await request.get('/api/tasks', { headers: bearer(reader) })).status()).toBe(200);
  const write = await request.post('/api/tasks', { headers: bearer(reader), data: { title: 'Not allowed' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe(ACCESS_TOKEN_MESSAGES.insufficientScope);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByLabel('Your new access token')).toHaveCount(0);

  // An outside assistant makes a task through the MCP server while the person watches the task list in another
  // tab, whose clock is stopped so that no poll can happen: the task appears as the socket tells of it, and the
  // dashboard's change set names the token.
  const watching = await context.newPage();
  const socket = await socketSwitch(watching);
  await installPageClock(watching);
  await openInTab(watching, '/tasks');
  await stopPageClock(watching);
  await socket.opened();
  await expect(watching.getByText('Made by a script')).toBeVisible();
  await watching.waitForLoadState('networkidle');
  const called = await request.post('/mcp', {
    headers: { ...bearer(token), accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'createTask', arguments: { title: 'Asked by an assistant' } } },
  });
  expect(called.status(), await called.text()).toBe(200);
  await expect(watching.getByRole('button', { name: 'Asked by an assistant', exact: true })).toBeVisible();
  await watching.close();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'What the assistant did' }).getByRole('article')).toContainText('Made by Nightly script');

  // Shown once: back in Settings only its first characters, and its use.
  await page.goto('/settings');
  await expect(row).toContainText(token.slice(0, 'tempo_pat_'.length + 4));
  await expect(row).toContainText(/Last used/);
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke Nightly script' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('“Nightly script” stops working at once');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByRole('heading', { name: 'Access tokens' })).toBeFocused();
  expect((await request.get('/api/tasks', { headers: bearer(token) })).status()).toBe(401);
  expect((await request.get('/api/tasks', { headers: bearer(reader) })).status()).toBe(200);
});

test('"Sign out everywhere" revokes the access tokens only when its box is ticked', async ({ page, request }) => {
  const { email } = await signedInAccount(page, request, 'token-sign-out', '/settings');
  const token = await makeToken(page, 'Laptop assistant', 'Read');
  const revokeToo = page.getByRole('checkbox', { name: /Also revoke access tokens/ });
  const signOutEverywhere = async () => {
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/(signout|login)/);
  };

  // Unticked, as it starts: the sessions end, the token keeps working.
  await expect(revokeToo).not.toBeChecked();
  await signOutEverywhere();
  expect((await request.get('/api/tasks', { headers: bearer(token) })).status()).toBe(200);

  await page.goto('/login');
  await signInThroughForm(page, email);
  await page.goto('/settings');
  await revokeToo.check();
  await signOutEverywhere();
  expect((await request.get('/api/tasks', { headers: bearer(token) })).status()).toBe(401);
});

test('a password reset revokes the access tokens, as its box offers ticked', async ({ page, request, browser }) => {
  const { email } = await signedInAccount(page, request, 'token-reset', '/settings');
  const token = await makeToken(page, 'Old script', 'Read');
  const newPassword = 'Brand-new-pass-7?';

  // Someone who forgot the password, in a browser of their own.
  const forgetful = await browser.newPage();
  await forgetful.goto('/forgot-password');
  await forgetful.getByLabel('Email').fill(email);
  await forgetful.getByRole('button', { name: 'Send Code' }).click();
  const { code } = await waitForMail(email, RESET_SUBJECT);
  await forgetful.getByLabel('Verification code').fill(code!);
  await forgetful.getByRole('button', { name: 'Verify Code' }).click();
  await forgetful.getByLabel('New password', { exact: true }).fill(newPassword);
  await forgetful.getByLabel('Confirm new password').fill(newPassword);
  await expect(forgetful.getByRole('checkbox', { name: /Also revoke all access tokens/ })).toBeChecked();
  await forgetful.getByRole('button', { name: 'Reset Password' }).click();
  await expect(forgetful.getByText('Password reset successful').first()).toBeVisible();
  await forgetful.close();
  expect((await request.get('/api/tasks', { headers: bearer(token) })).status()).toBe(401);
});

test('a demo account is told it cannot make access tokens, nor add webhooks', async ({ page }) => {
  await signInToDemo(page);
  await page.goto('/settings');
  const tokens = page.getByRole('region', { name: 'Access tokens' });
  await tokens.getByLabel('Name', { exact: true }).fill('Demo script');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByRole('alert')).toHaveText(ACCESS_TOKEN_MESSAGES.demo);
  await expect(tokens.getByText('No access tokens yet.')).toBeVisible();

  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await webhooks.getByLabel('Address').fill('https://hooks.example.com/tempo');
  await webhooks.getByRole('button', { name: 'Add webhook' }).click();
  await expect(webhooks.getByRole('alert')).toHaveText(WEBHOOK_MESSAGES.demo);
});

/** The local receiver double, as a test reaches it. */
function receiverDouble(request: APIRequestContext) {
  const origin = `http://127.0.0.1:${process.env.E2E_WEBHOOK_PORT}`;
  return {
    async endpoint(): Promise<{ id: string; url: string }> {
      const answer = await request.post(`${origin}/endpoints`);
      expect(answer.status()).toBe(201);
      return answer.json();
    },
    async set(id: string, knobs: { secret?: string; fail?: number }) {
      expect((await request.put(`${origin}/endpoints/${id}`, { data: knobs })).ok()).toBe(true);
    },
    async received(id: string): Promise<{ verified: boolean; payload: { type: string; data: { item: { title: string } } } | null }[]> {
      return (await request.get(`${origin}/endpoints/${id}/received`)).json();
    },
  };
}

test('a webhook gets its secret once, its deliveries are signed and logged, Retrying while the receiver fails', async ({ page, request }) => {
  const { api } = await signedInAccount(page, request, 'webhook', '/settings');
  const receiver = receiverDouble(request);
  const endpoint = await receiver.endpoint();
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText('No webhooks yet.')).toBeVisible();

  // A private address is refused, with the reason beside the field.
  const address = section.getByLabel('Address');
  await address.fill('https://10.0.0.7/hooks');
  await section.getByRole('button', { name: 'Add webhook' }).click();
  await expect(section.getByText(WEBHOOK_MESSAGES.notPublic)).toBeVisible();
  await expect(address).toBeFocused();
  await expect(section.getByText('No webhooks yet.')).toBeVisible();

  await address.fill(endpoint.url);
  // Only the items made and changed.
  await section.getByRole('checkbox', { name: 'An item is moved to the trash' }).uncheck();
  await section.getByRole('checkbox', { name: 'An item is restored from the trash' }).uncheck();
  await section.getByRole('checkbox', { name: 'A reminder is due' }).uncheck();
  await section.getByRole('button', { name: 'Add webhook' }).click();
  const secret = section.getByLabel('Signing secret');
  await expect(secret).toHaveValue(/^whsec_/);
  await receiver.set(endpoint.id, { secret: await secret.inputValue() });
  const row = section.getByRole('listitem').filter({ hasText: endpoint.url });
  await expect(row).toContainText('An item is created · An item is changed');
  await expect(row.getByText('On', { exact: true })).toBeVisible();

  await api.create('tasks', { title: 'Tell the other service' });
  await row.getByRole('button', { name: 'Delivery log' }).click();
  const log = row.getByRole('table');
  await expect(async () => {
    await row.getByRole('button', { name: 'Refresh the delivery log' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'An item is created' })).toContainText('Delivered', { timeout: 1_000 });
  }).toPass();
  const received = await receiver.received(endpoint.id);
  expect(received.map(({ verified, payload }) => [verified, payload?.type, payload?.data.item.title])).toEqual([
    [true, 'item.created', 'Tell the other service'],
  ]);

  // The receiver fails from now on: the delivery waits for its next try.
  await receiver.set(endpoint.id, { fail: 100 });
  await api.create('tasks', { title: 'Nobody is listening' });
  await expect(async () => {
    await row.getByRole('button', { name: 'Refresh the delivery log' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Retrying' })).toContainText(/Retrying \(next try .+\).*HTTP 500/, { timeout: 1_000 });
  }).toPass();
  // The secret shown, a webhook listed and its log open: nothing a screen reader or keyboard cannot use.
  await expect(secret).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Its events changed: the moves to the trash too.
  await row.getByRole('button', { name: `Edit ${endpoint.url}` }).click();
  await row.getByRole('checkbox', { name: 'An item is moved to the trash' }).check();
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('An item is created · An item is changed · An item is moved to the trash');
  await expect(row.getByRole('button', { name: `Edit ${endpoint.url}` })).toBeFocused();

  // Switched off and on again, then removed after a question.
  await row.getByRole('button', { name: 'Switch off' }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Switch on' }).click();
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Remove ${endpoint.url}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('No webhooks yet.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeFocused();
});

test('a webhook the server switched off says when and why, switches on again, and a failed delivery is sent again; offline all waits', async ({
  page,
  request,
  context,
}) => {
  // Five days of failures and a day of retries are the server's to wait for (tests/integration): here its answers stand in for them.
  const failing = '2026-12-01T08:00:00.000Z';
  const webhook = {
    id: 'wh-1',
    url: 'https://hooks.example.com/tempo',
    events: ['item.created'],
    enabled: false,
    switched_off: { at: failing, reason: 'failing' },
    failing_since: '2026-11-26T08:00:00.000Z',
    created_at: '2026-11-20T08:00:00.000Z',
  };
  const delivery = {
    id: 'msg_1',
    event: 'item.created',
    status: 'failed',
    attempts: 8,
    last_status_code: null,
    last_error: 'Timed out after 5 s',
    next_attempt_at: null,
    created_at: '2026-11-30T08:00:00.000Z',
    updated_at: failing,
  };
  const sent: string[] = [];
  await page.route('**/api/webhooks', (route) => route.fulfill({ json: { items: [webhook] } }));
  await page.route('**/api/webhooks/wh-1', async (route) => {
    sent.push(`${route.request().method()} ${route.request().postData()}`);
    await route.fulfill({ json: { ...webhook, enabled: true, switched_off: null, failing_since: null } });
  });
  await page.route('**/api/webhooks/wh-1/deliveries', (route) => route.fulfill({ json: { items: [delivery] } }));
  await page.route('**/api/webhooks/wh-1/deliveries/msg_1/retry', async (route) => {
    sent.push(`${route.request().method()} retry`);
    await route.fulfill({ status: 202, json: { ...delivery, status: 'delivered', attempts: 9, last_status_code: 200, last_error: null } });
  });
  await signedInAccount(page, request, 'webhook-switched-off', '/settings');
  const row = page.getByRole('region', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: webhook.url });
  await expect(row.getByRole('status')).toContainText('Switched off on Dec 1, 2026 after failing for 5 days.');
  await expect(row.getByText('Off', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Delivery log' }).click();
  const failed = row.getByRole('row').filter({ hasText: 'Failed' });
  await expect(failed).toContainText('8');
  await expect(failed).toContainText('Timed out after 5 s');
  await failed.getByRole('button', { name: 'Send again' }).click();
  await expect(row.getByRole('row').filter({ hasText: 'Delivered' })).toContainText('HTTP 200');

  await row.getByRole('button', { name: 'Switch on again' }).click();
  await expect(row.getByText('On', { exact: true })).toBeVisible();
  await expect(row.getByText(/Switched off on/)).toHaveCount(0);
  expect(sent).toEqual(['POST retry', 'PATCH {"enabled":true}']);

  await context.setOffline(true);
  const createToken = page.getByRole('button', { name: 'Create token' });
  await expect(createToken).toBeDisabled();
  await expect(createToken).toHaveAccessibleDescription('Managing access tokens needs a connection.');
  const addWebhook = page.getByRole('button', { name: 'Add webhook' });
  await expect(addWebhook).toBeDisabled();
  await expect(addWebhook).toHaveAccessibleDescription('Changing webhooks needs a connection.');
  await expect(row.getByRole('button', { name: 'Switch off' })).toBeDisabled();
  await context.setOffline(false);
  await expect(addWebhook).toBeEnabled();
});
