import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, createLocalJWKSet, SignJWT } from 'jose';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApiAdapter, type AdapterOptions, type ApiAdapter } from '../../local/api-adapter';
import { jwtVerifier } from '../../functions/platform/token-verifier';
import { startLocalBus, type LocalBus } from '../../local/bus';
import { settleAll } from '../../local/settle';
import { startTableStream, type TableStream } from '../../local/table-stream';
import { startLocalScheduler, type LocalScheduler } from '../../local/scheduler';
import { ensureTable } from '../../local/dynamo';
import { useLocalEndpoints, useUserPool } from '../../local/environment';
import { createOutbox } from '../../local/mail/outbox';

export const ISSUER = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test';
export const CLIENT_ID = 'test-web-client';

/**
 * A port for a local Cognito. It is chosen before the engine starts (tokens name it as their
 * issuer), so not by the system: at random, in a range the test files rarely meet in.
 */
export const randomCognitoPort = () => 10_000 + Math.floor(Math.random() * 20_000);

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string>;
}

/**
 * One integration test file's world: a fresh table on the engine of its project, the local bus,
 * and the API adapter with a JWT verifier for tokens this harness signs (as Cognito would).
 */
export function integrationHarness(options: Pick<AdapterOptions, 'throttle' | 'clientLimits'> & { userPool?: boolean } = {}) {
  const world = {} as {
    adapter: ApiAdapter;
    bus: LocalBus;
    /** The table's stream, derived in front of the engine as the local stack does. */
    stream: TableStream;
    /** EventBridge Scheduler's stand-in: its schedules run when a test calls runDue (after moving the clock). */
    scheduler: LocalScheduler;
    /** Waits until the stream's and the bus's consumers have handled everything so far. */
    settle: () => Promise<void>;
    sign: (claims: Record<string, unknown>, settings?: { expiresIn?: string; issuer?: string; audience?: string }) => Promise<string>;
    tableName: string;
    /** The events the bus gave up on, one parsed line of its dead-letter file each. */
    deadLetters: () => Array<{ rule: string; event: { detail: Record<string, unknown> } }>;
  };

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256' };
    const deadLetterFile = join(mkdtempSync(join(tmpdir(), 'tempo-bus-')), 'dead-letters.jsonl');
    world.bus = await startLocalBus({ retryDelaysMs: [10, 10], deadLetterFile });
    world.deadLetters = () =>
      existsSync(deadLetterFile)
        ? readFileSync(deadLetterFile, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line))
        : [];
    world.tableName = `t-${randomUUID()}`;
    const endpoint = inject('dynamoEndpoint');
    world.stream = await startTableStream({ engineEndpoint: endpoint, tableName: world.tableName, retryDelaysMs: [10, 10] });
    world.settle = () => settleAll(world.stream, world.bus);
    world.scheduler = await startLocalScheduler();
    useLocalEndpoints({
      dynamoEndpoint: world.stream.endpoint,
      busEndpoint: world.bus.endpoint,
      schedulerEndpoint: world.scheduler.endpoint,
      tableName: world.tableName,
    });
    await ensureTable(endpoint, world.tableName);
    // What seals secrets kept in the table (webhooks' signing secrets), as the local stack makes one.
    process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
    if (options.userPool) await startUserPool();
    world.sign = (claims, settings = {}) =>
      new SignJWT({ token_use: 'id', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer(settings.issuer ?? ISSUER)
        .setAudience(settings.audience ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(settings.expiresIn ?? '1h')
        .sign(privateKey);
    world.adapter = createApiAdapter({
      verifyToken: jwtVerifier({ issuer: ISSUER, clientId: CLIENT_ID, keys: createLocalJWKSet({ keys: [jwk] }) }),
      // Tests fire requests faster than a person; only the throttle's own test keeps the stage limit.
      throttle: options.throttle ?? { ratePerSecond: 100_000, burst: 100_000 },
      ...(options.clientLimits ? { clientLimits: options.clientLimits } : {}),
    });
  });

  let stopUserPool = async (): Promise<void> => undefined;
  /** A local Cognito, for the routes that administer accounts (the demo makes one). */
  async function startUserPool() {
    // Loaded here, not above: cognito-local and the AWS SDK v2 under it take some 0.6 s to load, and 2 files use them.
    const { startCognito } = await import('../../local/auth/cognito');
    const dataDir = mkdtempSync(join(tmpdir(), 'tempo-cognito-'));
    const cognito = await startCognito({ dataDir, port: randomCognitoPort(), outbox: createOutbox(join(dataDir, 'outbox')) });
    process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = cognito.pool.endpoint;
    useUserPool(cognito.pool);
    stopUserPool = cognito.stop;
  }

  afterAll(async () => {
    await world.settle();
    await world.bus.stop();
    await world.stream.stop();
    await world.scheduler.stop();
    await stopUserPool();
  });

  // Each harness is a browser of its own address, so per-client quotas of one test file never meet another's.
  const ownAddress = `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;

  async function call(
    method: string,
    url: string,
    init: { token?: string; body?: unknown; raw?: string | Buffer; cookie?: string; sourceIp?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    const body = init.raw !== undefined ? Buffer.from(init.raw) : init.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(init.body));
    const answer = await world.adapter({
      method,
      url,
      sourceIp: init.sourceIp ?? ownAddress,
      headers: {
        ...init.headers,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(body.length ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
    // What the request wrote is counted and put on the bus from the stream, a moment after it answers.
    await world.stream.settle();
    return { status: answer.status, headers: answer.headers, body: answer.body ? JSON.parse(answer.body) : undefined };
  }

  /** A signed-in user with a fresh id; every call carries their token. */
  async function user(sub: string = randomUUID()) {
    // As Cognito's ID tokens carry them: the pool's name for the user (a UUID, like the sub, for an address sign-up) and the address.
    const token = await world.sign({ sub, 'cognito:username': sub, email: `${sub}@example.com`, email_verified: true });
    const as = (method: string) => (url: string, body?: unknown) => call(method, url, { token, body });
    return {
      id: sub,
      token,
      get: as('GET'),
      post: as('POST'),
      put: as('PUT'),
      patch: as('PATCH'),
      delete: as('DELETE'),
      raw: (method: string, url: string, raw: string | Buffer) => call(method, url, { token, raw }),
    };
  }

  return { world, call, user };
}

export type TestUser = Awaited<ReturnType<ReturnType<typeof integrationHarness>['user']>>;

/** An ISO timestamp `days` from now (negative for the past). */
export function daysFromNow(days: number, hour = 12): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}
