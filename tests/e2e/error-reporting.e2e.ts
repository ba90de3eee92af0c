import { expect, test, type Page, type Request } from '@playwright/test';
import { TRACE_HEADERS } from '../../shared/error-reporting';
import { createAccount, PASSWORD } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { recordCspViolations } from './support/csp';
import { sentryDouble } from './support/sentry';
import { installPageClock } from './support/clock';

/**
 * The browser's error reports, traces and replays, as the local Sentry double receives them
 * (the test server sends there: playwright.config.ts). Every test's pages report there, so a test
 * finds its own items by its user's id, its replay's id or its trace's id. A tab's replay sampling is drawn once and
 * kept in its sessionStorage (web/src/lib/error-reporting.ts): a test sets it there, so no test
 * depends on chance. The SDK's timers (replay's flush, a trace's idle end) run on timers it takes
 * from a fresh iframe, which a page clock does not move: the tests wait for what the double
 * receives, never for a time.
 */
test.describe('error reporting', () => {
  const double = sentryDouble();

  test('an error in a signed-in page arrives with its replay, release, environment and user id, and nothing secret leaves the browser', async ({
    page,
    request,
  }) => {
    const title = `Confidential plan ${Date.now()}`;
    const email = await createAccount(request, 'report-error');
    const refused = await recordCspViolations(page);
    await sampleReplay(page, { recorded: false, onError: true });
    const requests = recordRequests(page);
    await page.goto('/login');
    await sdkStarted(page);
    // The password typed into the page, with the SDK and replay's buffer recording it.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // A fresh test server loads each handler on its first call: the first sign-in of a run can take a while.
    await expect(page).toHaveURL('/dashboard', { timeout: 30_000 });

    await page.goto('/tasks');
    await page.getByRole('button', { name: 'New Task' }).click();
    const editor = page.getByRole('dialog', { name: 'Create New Task' });
    await editor.getByLabel('Title').fill(title);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Task created successfully!')).toBeVisible();
    await page.getByRole('checkbox', { name: `Completed: ${title}` }).click();
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('Thrown in a signed-in page');
      }),
    );

    const userId = await signedInUserId(page);
    const { payload: error } = await double.waitFor(
      'event',
      ({ payload }) => payload.user?.id === userId && exceptionText(payload).includes('Thrown in a signed-in page'),
    );
    expect(error).toMatchObject({ release: 'tempo@local', environment: 'local', user: { id: userId } });
    expect(Object.keys(error.user)).toEqual(['id']);
    const replayId = error.tags?.replayId;
    expect(replayId, 'the error names the replay buffered for it').toMatch(/^[0-9a-f]{32}$/);
    const { payload: replay } = await double.waitFor('replay_event', ({ payload }) => payload.replay_id === replayId);
    expect(replay.replay_type).toBe('buffer');
    const { payload: recording } = await double.waitFor('replay_recording', ({ envelope }) => envelope.headers.event_id === replayId);
    expect(recording.text).toContain('"type":2'); // rrweb's full snapshot of the page

    // The trace headers went to the API, and never to Cognito.
    const api = requests.filter((sent) => new URL(sent.url()).pathname.startsWith('/api/'));
    expect(api.some((sent) => sent.headers()['sentry-trace'])).toBe(true);
    const { userPoolEndpoint } = await (await request.get('/config.json')).json();
    const cognito = requests.filter((sent) => sent.url().startsWith(new URL(userPoolEndpoint).origin));
    expect(cognito.length).toBeGreaterThan(0);
    for (const sent of cognito) for (const header of TRACE_HEADERS) expect(sent.headers()[header], sent.url()).toBeUndefined();

    const secrets = await page.evaluate(() =>
      [sessionStorage, localStorage].flatMap((storage) =>
        Object.keys(storage)
          .filter((key) => /(idToken|accessToken|refreshToken)$/.test(key))
          .map((key) => storage.getItem(key)!),
      ),
    );
    expect(secrets.length).toBe(3);
    const received = await double.text();
    for (const secret of [...secrets, PASSWORD, title, email]) expect(received.includes(secret), `the double received ${secret.slice(0, 24)}…`).toBe(false);
    expect(refused).toEqual([]);
  });

  test('after a crash, an error of the next page load’s start arrives with a replay of it', async ({ page, request }) => {
    const marker = `Thrown at start-up ${Date.now()}`;
    await sampleReplay(page, { recorded: false, onError: true });
    await signedInAccount(page, request, 'report-start-up', '/tasks');
    await sdkStarted(page);
    const userId = await signedInUserId(page);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('The crash before');
      }),
    );
    await double.waitFor('event', ({ payload }) => payload.user?.id === userId && exceptionText(payload).includes('The crash before'));

    // Thrown as the page loads again, at its first render: before the first paint, which starts the SDK on a page load without a crash before.
    await page.addInitScript((message) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('h1')) return;
        observer.disconnect();
        sessionStorage.setItem('thrownAt', String(Date.now()));
        throw new Error(message);
      }).observe(document, { childList: true, subtree: true });
    }, marker);
    await page.reload();
    const { payload: error } = await double.waitFor('event', ({ payload }) => exceptionText(payload).includes(marker));
    const replayId = error.tags?.replayId;
    expect(replayId, 'the error names the replay buffered since the start').toMatch(/^[0-9a-f]{32}$/);
    const { payload: recording } = await double.waitFor('replay_recording', ({ envelope }) => envelope.headers.event_id === replayId);
    // The page noted when it threw (a queued report is stamped only once the SDK sends it): rrweb's
    // full snapshot of the page (type 2) was taken before, so the replay shows the start that crashed.
    const thrownAt = Number(await page.evaluate(() => sessionStorage.getItem('thrownAt')));
    const frames = JSON.parse(recording.text.slice(recording.text.indexOf('\n') + 1)) as Array<{ type: number; timestamp: number }>;
    const snapshots = frames.filter((frame) => frame.type === 2).map((frame) => frame.timestamp);
    expect(Math.min(...snapshots), 'the replay was recording before the error').toBeLessThanOrEqual(thrownAt);
  });

  test('a sampled session without errors arrives with a replay, an unsampled one without', async ({ browser, request }) => {
    const sampled = await browser.newPage();
    await sampleReplay(sampled, { recorded: true, onError: true });
    await signedInAccount(sampled, request, 'replay-sampled', '/tasks');
    await sdkStarted(sampled);
    const sampledId = await replayId(sampled, 'session');
    await sampled.getByRole('link', { name: 'Goals' }).click();
    const { payload: replay } = await double.waitFor('replay_event', ({ payload }) => payload.replay_id === sampledId, 30_000);
    expect(replay.replay_type).toBe('session');
    await double.waitFor('replay_recording', ({ envelope }) => envelope.headers.event_id === sampledId);
    await sampled.close();

    const unsampled = await browser.newPage();
    await sampleReplay(unsampled, { recorded: false, onError: true });
    await signedInAccount(unsampled, request, 'replay-unsampled', '/tasks');
    await sdkStarted(unsampled);
    // Kept in memory only, for an error (the SDK's buffer mode sends nothing without one).
    const unsampledId = await replayId(unsampled, 'buffer');
    const userId = await signedInUserId(unsampled);
    await unsampled.getByRole('link', { name: 'Goals' }).click();
    // The SDK reports (the navigation's trace arrives), but no replay goes with it.
    await double.waitFor('transaction', ({ payload }) => payload.user?.id === userId && payload.transaction === '/goals', 30_000);
    await unsampled.close();
    expect((await double.items('replay_event')).filter(({ payload }) => payload.replay_id === unsampledId)).toEqual([]);
    expect((await double.items('replay_recording')).filter(({ envelope }) => envelope.headers.event_id === unsampledId)).toEqual([]);
  });

  test('a page opened from a link carrying a code is not replayed, and the code leaves the browser in nothing', async ({ page }) => {
    await sampleReplay(page, { recorded: true, onError: true });
    const replayChunk = page.waitForResponse((response) => /\/assets\/sentry-replay-[\w-]*\.js$/.test(response.url()));
    await page.goto('/verify-email?email=replay-link%40example.com&code=246810');
    await sdkStarted(page);
    await replayChunk;
    // The page load's trace ends once the page is idle, after the replay's chunk ran.
    await double.waitFor('transaction', ({ payload }) => payload.transaction === '/verify-email', 30_000);
    expect(await replayOf(page)).toEqual({});
    const received = await double.text();
    // The code as a value of its own: the double's text is full of hex ids and timestamps, and one held its digits (span id af02468106465ab2).
    expect(received).not.toMatch(/(?<![\w.])246810(?!\w)/);
    expect(received).not.toContain('replay-link');
  });

  test('a replayed Settings page never holds the calendar feed’s address', async ({ page, request }) => {
    await sampleReplay(page, { recorded: true, onError: true });
    await signedInAccount(page, request, 'replay-feed', '/settings');
    await sdkStarted(page);
    const id = await replayId(page, 'session');
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await feed.getByRole('button', { name: 'Create feed address' }).click();
    const address = feed.getByLabel('Feed address', { exact: true });
    await expect(address).toHaveValue(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = (await address.inputValue()).match(/\/ical\/([A-Za-z0-9_-]{43})\.ics$/)![1]!;
    // The link's href, which masking text and inputs would leave, is in the page.
    await expect(feed.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', new RegExp(token));
    await page.getByRole('link', { name: 'Goals' }).click();
    // Recorded in order: once the navigation after it arrived, so did the address's part.
    await double.waitFor('replay_recording', ({ envelope, payload }) => envelope.headers.event_id === id && payload.text.includes('/goals'), 30_000);
    const recorded = (await double.items('replay_recording')).filter(({ envelope }) => envelope.headers.event_id === id);
    expect(recorded.length).toBeGreaterThan(0);
    expect((await double.text()).includes(token), 'the double received the token').toBe(false);
    for (const { payload } of recorded) expect(payload.text.includes(token), 'a replay recorded the token').toBe(false);
  });

  test("an API answer of 5xx arrives with the route, status and request id, in the trace of the request's headers", async ({ page, request }) => {
    await sampleReplay(page, { recorded: false, onError: false });
    await installPageClock(page);
    await signedInAccount(page, request, 'report-5xx', '/tasks');
    await sdkStarted(page);
    // Once the SDK has started: the reads the page made before it carried no trace headers.
    let traced: Request | undefined;
    await page.route('**/api/trash', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      traced = route.request();
      await route.fulfill({ status: 500, headers: { 'apigw-requestid': 'e2e-request-1' }, json: { message: 'Internal Server Error' } });
    });
    // The Trash page's code comes later than the navigation's trace would wait for a page doing
    // nothing (1 s): the trace waits for it, so the page's first request is in it.
    let chunkAsked = false;
    let sendChunk = () => {};
    const chunkSent = new Promise<void>((resolve) => (sendChunk = resolve));
    await page.route(/\/assets\/trash-[\w-]+\.js$/, async (route) => {
      chunkAsked = true;
      await chunkSent;
      await route.fallback();
    });
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect.poll(() => chunkAsked).toBe(true);
    // Past the trace's idle wait on the page's clock while the code is held, rather than on the machine's.
    await page.clock.runFor(1_500);
    sendChunk();
    await expect.poll(() => traced).toBeDefined();
    const [traceId, parentSpanId] = (await traced!.allHeaders())['sentry-trace']?.split('-') ?? [];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect((await traced!.allHeaders()).baggage).toContain(`sentry-trace_id=${traceId}`);

    const { payload: error } = await double.waitFor('event', ({ payload }) => payload.contexts?.trace?.trace_id === traceId);
    expect(error.tags.area).toBe('api');
    expect(error.contexts.report).toMatchObject({ route: 'GET /api/trash', status: 500, requestId: 'e2e-request-1' });
    // The browser's navigation, not a function's transaction in the same trace (the page's other reads).
    const { payload: transaction } = await double.waitFor(
      'transaction',
      ({ payload }) => payload.contexts?.trace?.trace_id === traceId && payload.contexts.trace.op === 'navigation',
      30_000,
    );
    expect(transaction.spans.map((span: { span_id: string }) => span.span_id)).toContain(parentSpanId);
  });

  test("a request's trace goes on through the function it reaches and its DynamoDB calls", async ({ page, request }) => {
    await sampleReplay(page, { recorded: false, onError: false });
    await signedInAccount(page, request, 'report-trace', '/tasks');
    await sdkStarted(page);
    const read = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/api/trash' && sent.method() === 'GET');
    await page.getByRole('link', { name: 'Trash' }).click();
    const [traceId, browserSpanId] = (await (await read).allHeaders())['sentry-trace']?.split('-') ?? [];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    // The function's own transaction, sent by the functions' SDK, is a child of the browser's request span
    // (the page's other reads in the same trace have theirs).
    const { payload: handled } = await double.waitFor(
      'transaction',
      ({ payload }) => payload.contexts?.trace?.trace_id === traceId && payload.contexts.trace.op === 'http.server' && payload.transaction === 'GET /api/trash',
      30_000,
    );
    expect(handled.contexts.trace.parent_span_id).toBe(browserSpanId);
    expect(handled.spans.map((span: { description: string }) => span.description)).toContain('dynamodb Query');
  });

  test('an error that reaches the route error page and an unhandled rejection arrive, with the route', async ({ page, request }) => {
    await signedInAccount(page, request, 'report-route', '/tasks');
    await sdkStarted(page);
    const userId = await signedInUserId(page);
    // The Trash page's code cannot be downloaded: its route throws, and the error page shows.
    await page.route(/\/assets\/trash-[\w-]{8}\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    const { payload: routeError } = await double.waitFor('event', ({ payload }) => payload.user?.id === userId && payload.tags?.area === 'route error page');
    expect(routeError.contexts.report.route).toBe('/trash');

    await page.evaluate(() => void Promise.reject(new Error('Rejected in a signed-in page')));
    const { payload: rejection } = await double.waitFor(
      'event',
      ({ payload }) => payload.user?.id === userId && exceptionText(payload).includes('Rejected in a signed-in page'),
    );
    expect(rejection.exception.values[0].mechanism).toMatchObject({ handled: false });
  });

  test('a Google connection that failed is reported with its reason code', async ({ page, request }) => {
    await signedInAccount(page, request, 'report-google', null);
    await page.goto('/settings?gcal=error&reason=no-tokens');
    await sdkStarted(page);
    const userId = await signedInUserId(page);
    const { payload: error } = await double.waitFor('event', ({ payload }) => payload.user?.id === userId && payload.tags?.area === 'google');
    expect(exceptionText(error)).toBe('Google Calendar connect: noTokens');
    expect(error.contexts.report).toMatchObject({ stage: 'connect' });
  });

  test('without a DSN nothing of the SDK is downloaded and nothing is sent', async ({ page, request }) => {
    await page.route('**/config.json', async (route) => route.fulfill({ json: { ...(await (await route.fetch()).json()), errorReporting: null } }));
    await installPageClock(page);
    const requests = recordRequests(page);
    await signedInAccount(page, request, 'report-off', '/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    // Thrown from an event the page clock does not fake: a fake timer's error would come out of
    // clock.runFor itself whenever runFor is what fires it (a flake in CI of f72f4a7).
    await page.evaluate(() => {
      window.addEventListener(
        'message',
        () => {
          throw new Error('Thrown with reporting off');
        },
        { once: true },
      );
      window.postMessage('throw', '*');
    });
    await page.clock.runFor(30_000);
    expect(uncaught).toContain('Thrown with reporting off');
    await page.getByRole('link', { name: 'Goals' }).click();
    await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();

    const urls = requests.map((sent) => sent.url());
    expect(urls.filter((url) => /\/assets\/(sentry|session-replay|scrub)[\w-]*\.js$/.test(url))).toEqual([]);
    expect(urls.filter((url) => new URL(url).port === process.env.E2E_SENTRY_PORT)).toEqual([]);
    for (const sent of requests) for (const header of TRACE_HEADERS) expect(sent.headers()[header]).toBeUndefined();
    expect(await double.text()).not.toContain('Thrown with reporting off');
  });
});

/** This tab's replay sampling, as if drawn so (web/src/lib/error-reporting.ts keeps it in sessionStorage). */
async function sampleReplay(page: Page, sampling: { recorded: boolean; onError: boolean }): Promise<void> {
  await page.addInitScript((kept) => sessionStorage.setItem('tempo.errorReporting.replay', kept), JSON.stringify(sampling));
}

/** The signed-in user's id, as reports name them: their id token's subject. */
function signedInUserId(page: Page): Promise<string> {
  return page.evaluate(() => {
    const storage = [sessionStorage, localStorage].find((area) => Object.keys(area).some((key) => key.endsWith('.idToken')))!;
    const token = storage.getItem(Object.keys(storage).find((key) => key.endsWith('.idToken'))!)!;
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub as string;
  });
}

/** The page's replay: its mode ('session' sends as it records, 'buffer' keeps the last minute for an error) and id; {} before it started. */
function replayOf(page: Page): Promise<{ mode?: string; id?: string }> {
  return page.evaluate(() => {
    type Replay = { getRecordingMode(): string | undefined; getReplayId(): string | undefined };
    type Client = { getIntegrationByName(name: string): Replay | undefined };
    const carrier = (window as { __SENTRY__?: Record<string, { defaultCurrentScope?: { getClient(): Client | undefined } }> }).__SENTRY__ ?? {};
    const replay = Object.values(carrier)
      .map((version) => version.defaultCurrentScope?.getClient?.())
      .find(Boolean)
      ?.getIntegrationByName('Replay');
    return { mode: replay?.getRecordingMode(), id: replay?.getReplayId() };
  });
}

/** The id of the page's replay once it records in `mode`. */
async function replayId(page: Page, mode: 'session' | 'buffer'): Promise<string> {
  await expect.poll(async () => (await replayOf(page)).mode).toBe(mode);
  return (await replayOf(page)).id!;
}

/** Waits until the SDK, loaded after the first paint, has started in the page. */
async function sdkStarted(page: Page): Promise<void> {
  // The SDK's global carrier holds, per version, the scope its client is bound to once init ran.
  type Carrier = Record<string, { defaultCurrentScope?: { getClient(): unknown } }>;
  await expect
    .poll(() =>
      page.evaluate(() => Object.values((window as { __SENTRY__?: Carrier }).__SENTRY__ ?? {}).some((version) => version.defaultCurrentScope?.getClient?.())),
    )
    .toBe(true);
}

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (sent) => requests.push(sent));
  return requests;
}

function exceptionText(event: { exception?: { values?: Array<{ value?: string }> } }): string {
  return (event.exception?.values ?? []).map((value) => value.value ?? '').join('\n');
}
