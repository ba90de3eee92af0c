import { expect, test, type Page, type Route } from '@playwright/test';
import { agentDefinition } from '../../functions/voice/agent/definition';
import { FULL_CHROMIUM } from '../../scripts/system-packages';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { elevenLabsDouble } from './support/elevenlabs';
import { recordCspViolations } from './support/csp';
import { sentryDouble } from './support/sentry';
import { ensureSpeechWav } from './support/speech';

/**
 * The voice assistant against the local ElevenLabs double, with Chromium's fake microphone playing
 * espeak-ng speech (the 'voice' project of playwright.config.ts). The double is one agent for the
 * server: these tests run one after the other in this file, each from a reset.
 */

// A fresh browser's first microphone takes seconds to open on a busy machine.
test.describe.configure({ timeout: 60_000 });
const CALL_STARTS = { timeout: 20_000 };

test.beforeAll(() => {
  ensureSpeechWav();
});

test.beforeEach(async ({ request }) => {
  await elevenLabsDouble(request).reset();
});

const panel = (page: Page) => page.getByRole('region', { name: 'Voice assistant' });

test('a spoken request creates a task that shows highlighted, the agent gets the result, and the call ends quietly', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const refused = await recordCspViolations(page);
  await signedInAccount(page, request, 'voice-call');
  await double.script({ toolCalls: [{ tool_name: 'createTask', parameters: { title: 'Buy milk', priority: 'high' } }] });

  await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
  await expect(panel(page).getByText('Listening...')).toBeVisible(CALL_STARTS);
  // The call outlives the page change: the floating button takes over from the panel.
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('button', { name: 'End call' })).toBeVisible();

  const card = page.getByRole('article', { name: 'Buy milk' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toHaveClass(/assistant-highlight/);
  await expect(page.locator('.tool-toast')).toContainText('Create Task');

  await expect.poll(async () => (await double.state()).toolResults.length).toBe(1);
  const state = await double.state();
  expect(state.toolResults[0]!.is_error).toBe(false);
  expect(JSON.parse(String(state.toolResults[0]!.result))).toMatchObject({ entity: 'task', action: 'create', item: { title: 'Buy milk' } });
  expect(state.toolResults[0]!.tool_call_id).toBe(state.toolCalls[0]!.tool_call_id);
  // The microphone streamed speech: whole PCM16 samples, not silence, at about 16,000 a second.
  expect(state.audio.invalidChunks).toBe(0);
  expect(state.audio.voicedSeconds).toBeGreaterThan(0.4);
  expect(state.audio.rms).toBeGreaterThan(0.01);
  expect(state.audio.liveRate).toBeGreaterThan(14_000);
  expect(state.audio.liveRate).toBeLessThan(18_000);
  expect(state.dynamicVariables).toMatchObject({ user_tz: 'UTC', today_iso: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(Object.keys(state.dynamicVariables ?? {}).sort()).toEqual(['now_iso', 'today_date', 'today_iso', 'user_language', 'user_name', 'user_tz']);
  // The greeting is the person's own: in their language, by the name the app uses for them.
  expect(state.conversations.at(-1)?.overrides).toMatchObject({
    agent: { language: 'en', first_message: 'Hi Ada Lovelace, what would you like to get done?' },
  });

  const durationSaved = page.waitForResponse((response) => /\/api\/voice\/sessions\//.test(response.url()) && response.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'End call' }).click();
  const saved = await durationSaved;
  expect(saved.status()).toBe(204);
  expect(saved.request().postDataJSON()).toMatchObject({ conversation_id: state.conversations[0]!.conversation_id, duration_seconds: expect.any(Number) });
  expect(saved.request().postDataJSON().duration_seconds).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Talk to your assistant' })).toBeEnabled();
  await expect(page.getByText('Voice Error')).toHaveCount(0);
  await expect.poll(async () => (await double.state()).lastClose).toMatchObject({ code: 1000, by: 'client' });
  // Signing in, the socket, the audio worklets: all within the content security policy.
  expect(refused).toEqual([]);
});

test('configuration failures show the shared texts, hold the button until dismissed, and pass axe', async ({ page, request }) => {
  await signedInAccount(page, request, 'voice-config');
  const answers = [
    { status: 401, text: 'Authentication failed. Please log out and log back in.' },
    { status: 404, text: 'ElevenLabs configuration endpoint not found. Please ensure the edge function is deployed.' },
  ];
  for (const { status, text } of answers) {
    await page.route('**/api/voice/config', (route) => route.fulfill({ status, json: { message: 'No' } }));
    await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
    await expect(panel(page).getByText('Voice Error')).toBeVisible();
    await expect(panel(page).getByRole('alert')).toContainText(text);
    await expect(panel(page).getByRole('button', { name: 'Ask your assistant' })).toBeDisabled();
    if (status === 401) expect(await seriousViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(panel(page).getByText('Ask your assistant', { exact: true })).toBeVisible();
    await page.unroute('**/api/voice/config');
  }
});

test('an abnormal close from the agent says the connection was lost; an active call passes axe', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  await signedInAccount(page, request, 'voice-close');
  await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
  await expect(panel(page).getByText('Listening...')).toBeVisible(CALL_STARTS);
  expect(await seriousViolations(page)).toEqual([]);

  await double.close(4000, 'test');
  await expect(panel(page).getByRole('alert')).toContainText('Voice agent connection lost. Please try reconnecting.');
  await expect(panel(page).getByText('Voice Error')).toBeVisible();
  // And it is reported, with the close code (the test server reports to the Sentry double).
  const { payload: report } = await sentryDouble().waitFor(
    'event',
    ({ payload }) => payload.tags?.area === 'voice' && payload.contexts?.report?.closeCode === 4000,
  );
  expect(report.exception.values[0].value).toBe('Voice agent connection lost. Please try reconnecting.');
});

test('after a dropped connection the same button starts a new call, without a reload', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  await signedInAccount(page, request, 'voice-redial');
  const callButton = panel(page).getByRole('button', { name: 'Ask your assistant' });
  await callButton.click();
  await expect(panel(page).getByText('Listening...')).toBeVisible(CALL_STARTS);

  // The connection drops without a close frame.
  await double.close(1006);
  await expect(panel(page).getByRole('alert')).toContainText('Voice agent connection lost. Please try reconnecting.');
  await expect(callButton).toBeEnabled();
  await callButton.click();
  await expect(panel(page).getByText('Listening...')).toBeVisible(CALL_STARTS);
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await expect.poll(async () => (await double.state()).conversations.length).toBe(2);
});

test('a conversation ElevenLabs refuses says the assistant is unavailable, not that the connection failed', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  // An agent that enables no overrides, as ours did: the first the client sends (its greeting) is refused (1008).
  await double.updateAgent({ platform_settings: { overrides: { conversation_config_override: {} } } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await signedInAccount(page, request, 'voice-refused');
    await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
    await expect(panel(page).getByRole('alert')).toContainText('The voice assistant is unavailable right now. Please try again later.', CALL_STARTS);
    await expect(panel(page).getByText('Failed to establish voice connection', { exact: false })).toHaveCount(0);
    expect((await double.state()).lastClose).toMatchObject({
      code: 1008,
      reason: "Override for field 'first_message' is not allowed by config.",
      by: 'server',
    });
    expect(errors.join('\n')).toContain("Voice agent refused the conversation: 1008 Override for field 'first_message' is not allowed by config.");
  } finally {
    await double.updateAgent({ platform_settings: agentDefinition().platform_settings });
  }
});

test('a refused microphone says how to allow it, nothing is left connected, and the button stays ready for the next try', async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  const double = elevenLabsDouble(request);
  // A browser that answers the permission prompt as a person who clicks Block: without the flag
  // that accepts it, Chromium refuses getUserMedia with NotAllowedError (the headless shell the
  // other voice tests use fails it otherwise).
  const { launchOptions } = testInfo.project.use;
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    executablePath: FULL_CHROMIUM,
    args: launchOptions?.args?.filter((arg) => arg !== '--use-fake-ui-for-media-stream'),
  });
  try {
    const page = await browser.newPage({ baseURL });
    await signedInAccount(page, request, 'voice-mic');
    // Fetching the configuration records a voice session; a call that never started records none.
    const configRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/voice/config') configRequests.push(sent.url());
    });
    await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
    await expect(panel(page).getByRole('alert')).toContainText(
      'Microphone access was denied. Click the microphone icon in the address bar, allow access, then try again.',
      CALL_STARTS,
    );
    // Allowing the microphone mends it: the next click tries again.
    await expect(panel(page).getByRole('button', { name: 'Ask your assistant' })).toBeEnabled();
    const state = await double.state();
    expect(state.connections).toBe(0);
    expect(state.audio.samples).toBe(0);
    expect(configRequests).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a typed request at 375 px creates a goal through a text conversation, and Undo takes it back', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  await page.setViewportSize({ width: 375, height: 812 });
  // In Spanish, without a name: the conversation starts in the person's language, greeting no one by name.
  const { api } = await signedInAccount(page, request, 'voice-text', null);
  await api.put('/api/settings', { lang: 'es', use_personalization: false });
  await page.goto('/goals');
  // The screens follow the saved language.
  await expect(page.getByRole('heading', { level: 1, name: 'Objetivos' })).toBeVisible();

  await page.getByRole('button', { name: 'Escribe a tu asistente' }).click();
  const box = page.getByRole('textbox', { name: 'Escribe a tu asistente' });
  await expect(box).toBeFocused();
  await box.fill('create a goal called Run a marathon');
  await box.press('Enter');

  const card = page.getByRole('article', { name: 'Run a marathon' });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card).toHaveClass(/assistant-highlight/);
  await expect(page.getByText('Conversación por texto')).toBeVisible();
  const state = await double.state();
  expect(state.turns).toMatchObject([{ kind: 'text', transcript: 'create a goal called Run a marathon' }]);
  expect(state.audio.samples).toBe(0);
  expect(state.conversations.at(-1)?.overrides).toMatchObject({ agent: { language: 'es', first_message: '¡Hola! ¿Qué quieres hacer hoy?' } });
  expect(state.dynamicVariables).toMatchObject({ user_language: 'Spanish', user_name: '' });

  const toast = page.locator('.tool-toast');
  await expect(toast).toContainText('Crear objetivo');
  await expect(toast).toContainText('Completado');
  const undo = toast.getByRole('button', { name: /^Deshacer crear objetivo/ });
  const viewport = page.viewportSize()!;
  const undoBox = (await undo.boundingBox())!;
  expect(undoBox.x + undoBox.width).toBeLessThanOrEqual(viewport.width);
  await undo.click();
  await expect(page.getByText('Cambio deshecho')).toBeVisible();
  await expect(card).toHaveCount(0);
  // The phone layout with the card open, its text box and the toasts.
  expect(await seriousViolations(page)).toEqual([]);
});

test('a task the assistant is still saving shows busy, and can be neither opened, checked nor trashed until it is saved', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  await signedInAccount(page, request, 'voice-stand-in', null);
  await page.goto('/tasks');
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await double.script({ toolCalls: [{ tool_name: 'createTask', parameters: { title: 'Buy bread' } }] });
  // Until these reads go on, the page neither hears how the call went nor reads the saved task: it stays pending on screen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await released;
    return route.continue();
  };
  await page.route('**/api/voice/tool-calls**', held);
  await page.route('**/api/tasks', held);
  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  const box = page.getByRole('textbox', { name: 'Type to your assistant' });
  await box.fill('add buy bread');
  await box.press('Enter');

  const card = page.getByRole('article', { name: 'Buy bread' });
  await expect(card).toHaveAttribute('aria-busy', 'true', { timeout: 10_000 });
  await expect(card.getByRole('checkbox', { name: 'Completed: Buy bread' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Buy bread', exact: true })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Delete task Buy bread' })).toBeDisabled();

  release();
  await expect(card).not.toHaveAttribute('aria-busy');
  await expect(card.getByRole('checkbox', { name: 'Completed: Buy bread' })).toBeEnabled();
  await card.getByRole('button', { name: 'Buy bread', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' })).toBeVisible();
  await expect.poll(async () => (await double.state()).toolResults.length).toBe(1);
});

test('a spoken sentence that makes three tasks and moves an event shows four lines, and Undo all brings the screens back', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const { api } = await signedInAccount(page, request, 'voice-change-set', null);
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000).toISOString();
  const dentist = await api.create('events', { title: 'Dentist', start_time: at(0), end_time: at(1) });
  await page.goto('/dashboard');
  await double.script({
    transcript: 'Add milk, eggs and bread, and move my dentist two days later',
    toolCalls: [
      { tool_name: 'createTasks', parameters: { tasks: [{ title: 'Milk' }, { title: 'Eggs' }] } },
      { tool_name: 'createTask', parameters: { title: 'Bread' }, after: 'sent' },
      { tool_name: 'updateEvent', parameters: { id: dentist.id, start_time: at(48), end_time: at(49) } },
    ],
  });

  await panel(page).getByRole('button', { name: 'Ask your assistant' }).click();
  const changes = page.getByRole('region', { name: 'What the assistant did' });
  const lines = changes.getByRole('listitem');
  await expect(lines).toHaveCount(4, { timeout: 20_000 });
  await expect(lines).toContainText(['Created task “Milk”', 'Created task “Eggs”', 'Created task “Bread”', 'Changed event “Dentist”']);
  // The event's line says what moved: its start and end, before and after.
  await expect(lines.nth(3)).toContainText('Start:');
  for (const title of ['Milk', 'Eggs', 'Bread']) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await double.state()).toolResults.length).toBe(3);
  expect((await double.state()).refusedCalls).toEqual([]);
  await page.getByRole('button', { name: 'End call' }).click();

  await changes.getByRole('button', { name: /^Undo all/ }).click();
  await expect(changes.locator('.change-line--undone')).toHaveCount(4);
  for (const title of ['Milk', 'Eggs', 'Bread']) await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  expect((await api.get('/api/tasks')).items).toEqual([]);
  expect((await api.get(`/api/events/${dentist.id}`)).start_time).toBe(at(0));
  expect(await seriousViolations(page)).toEqual([]);
});

test('a typed request that would move 5 tasks to the trash asks first, and the tasks go only on yes', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const { api } = await signedInAccount(page, request, 'voice-confirm', null);
  const tasks = [];
  for (const title of ['Old 1', 'Old 2', 'Old 3', 'Old 4', 'Old 5']) tasks.push(await api.create('tasks', { title }));
  await page.goto('/dashboard');
  // The agent's five deletes come together, before any result, as a model's parallel calls do.
  await double.script({
    toolCalls: tasks.map((task, index) => ({ tool_name: 'deleteTask', parameters: { id: task.id }, ...(index > 0 ? { after: 'sent' as const } : {}) })),
  });
  const box = panel(page).getByRole('textbox', { name: 'Type to your assistant' });
  await box.fill('clear out my old tasks');
  await box.press('Enter');

  const changes = page.getByRole('region', { name: 'What the assistant did' });
  await expect(changes.getByRole('alert')).toContainText('Move 5 tasks to the trash?', { timeout: 20_000 });
  await expect(changes.getByText('Waiting for your confirmation')).toHaveCount(5);
  // Until the person says yes, a line says what it would do, never that it was done.
  await expect(changes.getByText('Move task “Old 1” to the trash', { exact: true })).toBeVisible();
  await expect(changes.getByText(/^Moved /)).toHaveCount(0);
  // The agent was told it waits, not that it is done.
  await expect.poll(async () => (await double.state()).toolResults.length).toBe(5);
  for (const result of (await double.state()).toolResults) expect(JSON.parse(String(result.result))).toMatchObject({ awaiting_confirmation: true });
  expect((await api.get('/api/tasks')).items).toHaveLength(5);

  await changes.getByRole('button', { name: 'Move to trash' }).click();
  await expect(changes.getByRole('alert')).toHaveCount(0);
  await expect(changes.getByText('Moved task “Old 1” to the trash', { exact: true })).toBeVisible();
  await expect.poll(async () => (await api.get('/api/tasks')).items.length).toBe(0);
  for (const title of ['Old 1', 'Old 5']) await expect(page.getByText(title, { exact: true })).toHaveCount(0);
});

test('deletes one at a time: the question names the 3 already in the trash, with their Undo, apart from the one that waits', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  const { api } = await signedInAccount(page, request, 'voice-moved-first', null);
  const tasks = [];
  for (const title of ['Old 1', 'Old 2', 'Old 3', 'Old 4']) tasks.push(await api.create('tasks', { title }));
  await page.goto('/dashboard');
  // Each delete after the one before has its result: the first 3 apply before the turn needs a yes.
  await double.script({ toolCalls: tasks.map((task) => ({ tool_name: 'deleteTask', parameters: { id: task.id } })) });
  const box = panel(page).getByRole('textbox', { name: 'Type to your assistant' });
  await box.fill('clear out my old tasks');
  await box.press('Enter');

  const question = page.getByRole('region', { name: 'What the assistant did' }).getByRole('alert');
  await expect(question).toContainText('Move 1 task to the trash?', { timeout: 20_000 });
  const moved = question.getByRole('region', { name: 'Already moved to the trash' });
  await expect(moved.getByRole('listitem')).toHaveText(['task “Old 1”', 'task “Old 2”', 'task “Old 3”']);
  await expect(question.getByRole('region', { name: 'Waiting for your yes' }).getByRole('listitem')).toHaveText(['task “Old 4”']);

  await question.getByRole('button', { name: 'Undo the moves already made' }).click();
  await expect(moved).toHaveCount(0);
  await expect.poll(async () => (await api.get('/api/tasks')).items.length).toBe(4);
  await expect(question).toContainText('Move 1 task to the trash?');
});

test('a change that fails says what was asked and why, beside the ones that were made, and claims nothing', async ({ page, request }) => {
  const double = elevenLabsDouble(request);
  await signedInAccount(page, request, 'voice-failed-line');
  await double.script({
    toolCalls: [
      { tool_name: 'createTasks', parameters: { tasks: [{ title: 'Milk' }, { title: '' }] } },
      { tool_name: 'createGoal', parameters: { title: '' }, after: 'sent' },
    ],
  });
  const box = panel(page).getByRole('textbox', { name: 'Type to your assistant' });
  await box.fill('add milk and a goal');
  await box.press('Enter');

  const lines = page.getByRole('region', { name: 'What the assistant did' }).getByRole('listitem');
  await expect(lines).toHaveCount(3, { timeout: 20_000 });
  await expect(lines.filter({ hasText: 'Created task “Milk”' })).toHaveCount(1);
  // An item without a title is named by its kind alone; what failed is asked for, not claimed.
  await expect(lines.filter({ hasText: /^Create task/ })).toContainText('Failed · Task title is required');
  await expect(lines.filter({ hasText: /^Create goal/ })).toContainText('Failed · Goal title is required');
  await expect(lines.filter({ hasText: /^Created (goal|task “”)/ })).toHaveCount(0);
});

test('a new turn keeps the one before under “Earlier today” as it was left, without reading the day again, and a reload shows the same', async ({
  page,
  request,
}) => {
  const double = elevenLabsDouble(request);
  await signedInAccount(page, request, 'voice-history', null);
  await page.goto('/tasks');
  const dayReads: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/voice/change-sets') dayReads.push(sent.url());
  });
  const changes = page.getByRole('region', { name: 'What the assistant did' });
  const ask = async (text: string, title: string) => {
    await double.script({ toolCalls: [{ tool_name: 'createTask', parameters: { title } }] });
    const box = page.getByRole('textbox', { name: 'Type to your assistant' });
    await box.fill(text);
    await box.press('Enter');
    await expect(changes.getByText(`Created task “${title}”`)).toBeVisible({ timeout: 10_000 });
  };

  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  await ask('add milk', 'Buy milk');
  await changes.getByRole('button', { name: /^Undo all/ }).click();
  await expect(changes.locator('.change-line--undone')).toHaveCount(1);
  const readsBefore = dayReads.length;

  await ask('add eggs', 'Buy eggs');
  const earlier = changes.locator('.change-sets__earlier');
  const shownAsLeft = async () => {
    await earlier.getByText('Earlier today').click();
    await expect(earlier.getByText('Created task “Buy milk”')).toBeVisible();
    await expect(earlier.locator('.change-line--undone')).toHaveCount(1);
    await expect(earlier.getByText('Created task “Buy eggs”')).toHaveCount(0);
  };
  await shownAsLeft();
  expect(dayReads).toHaveLength(readsBefore);

  await page.reload();
  await page.getByRole('button', { name: 'Type to your assistant' }).click();
  await expect(changes.getByText('Created task “Buy eggs”')).toBeVisible();
  await shownAsLeft();
});
