import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Reporting never fails what it reports on (functions/platform/error-reporting.ts): the SDK is
 * replaced here by one that fails in each way it can, and the Secrets Manager read by one that
 * is refused, as a role without the grant is.
 */
const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  flush: vi.fn(async (_timeout: number) => true),
  captureException: vi.fn(),
}));

vi.mock('../../functions/platform/secrets', () => ({ loadSecrets: () => Promise.reject(new Error('AccessDeniedException')) }));
vi.mock('@sentry/node-core/light', () => {
  const span = { setStatus: () => undefined };
  const scope = { setTransactionName: () => undefined, setUser: () => undefined, setTags: () => undefined, setSDKProcessingMetadata: () => undefined };
  return {
    ...sdk,
    withIsolationScope: (work: (isolated: typeof scope) => unknown) => work(scope),
    continueTrace: (_trace: unknown, work: () => unknown) => work(),
    startSpan: (_span: unknown, work: (started: typeof span) => unknown) => work(span),
    setHttpStatus: () => undefined,
  };
});

const { reportError, withErrorReporting } = await import('../../functions/platform/error-reporting');

const invocation = { name: 'GET /api/goals', op: 'http.server' } as const;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

describe('a function whose reporting fails', () => {
  it('starts and answers when its DSN secret cannot be read, and when the SDK cannot start (which is not tried again)', async () => {
    vi.stubEnv('SENTRY_DSN', 'https://key@ingest.example.com/1');
    sdk.init.mockImplementationOnce(() => {
      throw new Error('init failed');
    });
    expect(await withErrorReporting(invocation, async () => 'answered')).toBe('answered');
    expect(await withErrorReporting(invocation, async () => 'answered again')).toBe('answered again');
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('keeps its own failure, and its answer, when reporting throws', async () => {
    vi.stubEnv('SENTRY_DSN', 'https://key@ingest.example.com/2');
    sdk.captureException.mockImplementation(() => {
      throw new Error('capture failed');
    });
    sdk.flush.mockRejectedValueOnce(new Error('flush failed'));
    const failure = new Error('the work failed');
    await expect(withErrorReporting(invocation, () => Promise.reject(failure))).rejects.toBe(failure);
    await expect(reportError(new Error('handled'))).resolves.toBeUndefined();
    expect(sdk.captureException).toHaveBeenCalledTimes(2);
  });

  it('waits only briefly for a service that did not take the last reports in time, until one is sent in time', async () => {
    vi.stubEnv('SENTRY_DSN', 'https://key@ingest.example.com/2');
    await withErrorReporting(invocation, async () => 'sent in time');
    sdk.flush.mockClear();
    sdk.flush.mockResolvedValueOnce(false).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    for (let invocations = 0; invocations < 4; invocations++) await withErrorReporting(invocation, async () => 'answered');
    expect(sdk.flush.mock.calls.map(([timeout]) => timeout)).toEqual([2_000, 100, 100, 2_000]);
  });
});
