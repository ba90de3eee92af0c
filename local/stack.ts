import { join, resolve } from 'node:path';
import { contentSecurityPolicy } from '../shared/content-security-policy';
import { ELEVENLABS_API_DEFAULT } from '../shared/voice';
import { createApiAdapter, type AdapterOptions } from './api-adapter';
import type { TokenVerifier } from '../functions/platform/token-verifier';
import { startCognito } from './auth/cognito';
import { createOutbox } from './mail/outbox';
import { startLocalSes } from './mail/ses';
import { startLocalBus } from './bus';
import { ensureTable, startDynalite } from './dynamo';
import { useLocalEndpoints, useTokenEncryptionKey, useUserPool, useWebPushKeys } from './environment';
import { isVoiceConfigured } from '../functions/voice/elevenlabs';
import { pushAgent } from '../functions/voice/agent/push-agent';
import { startElevenLabsDouble } from './elevenlabs-double';
import { seedGoogleCalendar, startGoogleDouble } from './google-double';
import { startPushDouble } from './push-double/push-double';
import { startWebhookReceiverDouble } from './webhook-receiver-double';
import { nowMs } from '../functions/platform/clock';
import { startSentryDouble } from './sentry-double';
import { startHttpServer } from './http-server';
import { startSocketGateway } from './socket-gateway';
import { settleAll } from './settle';
import { startTableStream } from './table-stream';
import { startSchedules } from './schedules';
import { startLocalScheduler } from './scheduler';

export const TABLE_NAME = 'tempo';

export interface LocalStackOptions {
  /** Where the engines keep their state (.data/ for `npm start`). */
  dataDir: string;
  port: number;
  cognitoPort: number;
  webDir?: string;
  /** Use this DynamoDB endpoint instead of an embedded dynalite. */
  dynamoEndpoint?: string;
  /** The embedded dynalite's port (a free one when absent): browser tests reach the table there to set up what would take many requests. */
  dynamoPort?: number;
  /** The API's throttles, when a test's pace is not a person's (the defaults are shared/constants.ts's). */
  apiLimits?: Pick<AdapterOptions, 'throttle' | 'clientLimits'>;
  /** Serve Google sign-in and Calendar from the local double (GOOGLE_DOUBLE=1 npm start). */
  googleDouble?: boolean;
  /** The double's port (a free one when absent): browser tests reach its test knobs there. */
  googleDoublePort?: number;
  /** Serve the voice agent from the local ElevenLabs double (ELEVENLABS_DOUBLE=1 npm start). */
  elevenLabsDouble?: boolean;
  /** The ElevenLabs double's port (a free one when absent). */
  elevenLabsDoublePort?: number;
  /** Report errors, traces, replays and feedback to the local Sentry double (SENTRY_DOUBLE=1 npm start), unless SENTRY_DSN names another. */
  sentryDouble?: boolean;
  /** The Sentry double's port (a free one when absent). */
  sentryDoublePort?: number;
  /**
   * Send Web Push to the local push service double too (PUSH_DOUBLE=1 npm start). A browser
   * subscribes at its vendor's service, so only a test, subscribing at the double, sends there.
   */
  pushDouble?: boolean;
  /** The push double's port (a free one when absent). */
  pushDoublePort?: number;
  /** Run the local webhook receiver double (WEBHOOK_RECEIVER_DOUBLE_PORT), on this port (0: a free one); webhooks may then be sent to its origin. */
  webhookReceiverDoublePort?: number;
}

/**
 * The whole product on one machine: embedded DynamoDB (dynalite) with the table's stream derived
 * in front of it, cognito-local, the local bus, and one HTTP origin serving the SPA, the API and the
 * WebSocket API through the same handlers the CDK deploys.
 */
export async function startLocalStack(options: LocalStackOptions) {
  const dataDir = resolve(options.dataDir);
  // First, so the browser's config, the CSP and the functions (in this process) all read its DSN.
  const sentry = options.sentryDouble ? await startSentryDouble({ dataDir: join(dataDir, 'sentry'), port: options.sentryDoublePort }) : undefined;
  if (sentry) process.env.SENTRY_DSN ||= sentry.dsn();
  const dynamo = options.dynamoEndpoint
    ? { endpoint: options.dynamoEndpoint, stop: async () => undefined }
    : await startDynalite({ path: join(dataDir, 'dynamodb'), port: options.dynamoPort });
  const stream = await startTableStream({ engineEndpoint: dynamo.endpoint, tableName: TABLE_NAME, deadLetterFile: join(dataDir, 'stream-failures.jsonl') });
  const sockets = await startSocketGateway();
  const bus = await startLocalBus({ deadLetterFile: join(dataDir, 'dead-letters.jsonl') });
  const outbox = createOutbox(join(dataDir, 'outbox'));
  const ses = await startLocalSes(outbox);
  // Looks for due one-time schedules four times a second (a look is a walk over a map), so a reminder
  // due at a whole second fires within a quarter of one; a test moves the clock and calls runDue.
  const scheduler = await startLocalScheduler({ pollMs: 250 });
  const cognitoEndpoint = `http://127.0.0.1:${options.cognitoPort}`;
  useLocalEndpoints({
    dynamoEndpoint: stream.endpoint,
    busEndpoint: bus.endpoint,
    sesEndpoint: ses.endpoint,
    cognitoEndpoint,
    socketManagementEndpoint: sockets.managementEndpoint,
    schedulerEndpoint: scheduler.endpoint,
    tableName: TABLE_NAME,
  });
  await ensureTable(dynamo.endpoint, TABLE_NAME);
  useTokenEncryptionKey(join(dataDir, 'token-encryption.key'));
  const webPushPublicKey = useWebPushKeys(join(dataDir, 'web-push-vapid.json'));
  const pushService = options.pushDouble ? await startPushDouble({ port: options.pushDoublePort }) : undefined;
  if (pushService) process.env.PUSH_SERVICE_ORIGINS = pushService.origin;
  const webhookReceiver =
    options.webhookReceiverDoublePort === undefined ? undefined : await startWebhookReceiverDouble({ port: options.webhookReceiverDoublePort, clock: nowMs });
  if (webhookReceiver) process.env.WEBHOOK_ALLOWED_ORIGINS = webhookReceiver.origin;
  const google = options.googleDouble ? await startGoogleDouble({ port: options.googleDoublePort }) : undefined;
  if (google) {
    Object.assign(process.env, google.env);
    seedGoogleCalendar(google);
  }
  const elevenLabs = options.elevenLabsDouble ? await startElevenLabsDouble({ port: options.elevenLabsDoublePort }) : undefined;
  if (elevenLabs) {
    // The agent is made as `npm run agent` makes it, so the double holds what ElevenLabs would and
    // refuses what ElevenLabs would refuse.
    const { agentId } = await pushAgent(elevenLabs.apiEnv);
    Object.assign(process.env, elevenLabs.apiEnv, { ELEVENLABS_AGENT_ID: agentId });
  }

  // What the functions (in this process) and the browser name in every error report.
  process.env.SENTRY_RELEASE ??= 'tempo@local';
  process.env.SENTRY_ENVIRONMENT ??= 'local';
  const cognito = await startCognito({ dataDir: join(dataDir, 'cognito'), port: options.cognitoPort, outbox });
  useUserPool(cognito.pool);
  const verifyToken: TokenVerifier = cognito.verifier;
  const api = createApiAdapter({ verifyToken, ...options.apiLimits });
  const http = await startHttpServer({
    port: options.port,
    api,
    sockets,
    webDir: resolve(options.webDir ?? 'web/dist'),
    webConfig: {
      region: 'us-east-1',
      userPoolId: cognito.pool.userPoolId,
      userPoolClientId: cognito.pool.clientId,
      userPoolEndpoint: cognito.pool.endpoint,
      googleSignIn: null,
      voice: isVoiceConfigured(),
      errorReporting: process.env.SENTRY_DSN
        ? { dsn: process.env.SENTRY_DSN, release: process.env.SENTRY_RELEASE!, environment: process.env.SENTRY_ENVIRONMENT! }
        : null,
      webPush: { publicKey: webPushPublicKey },
    },
    contentSecurityPolicy: contentSecurityPolicy({
      cognito: cognito.pool.endpoint,
      googleSignIn: null,
      voiceApiBase: process.env.ELEVENLABS_API_BASE ?? ELEVENLABS_API_DEFAULT,
      errorReportingDsn: process.env.SENTRY_DSN ?? null,
    }),
  });

  process.env.APP_ORIGIN = http.url;

  const schedules = startSchedules();

  return {
    url: http.url,
    /** The API as the HTTP server calls it, for a request from an address this machine cannot send from. */
    api,
    pool: cognito.pool,
    ensureUser: cognito.ensureUser,
    signIn: cognito.signIn,
    bus,
    stream,
    sockets,
    scheduler,
    /** Waits until the stream's and the bus's consumers have handled everything so far. */
    settle: () => settleAll(stream, bus),
    outbox,
    google,
    elevenLabs,
    sentry,
    pushService,
    webhookReceiver,
    dynamoEndpoint: stream.endpoint,
    async stop() {
      await schedules.stop();
      await http.stop();
      await sockets.stop();
      // What is under way finishes first: a consumer still scheduling a reminder needs the scheduler.
      await settleAll(stream, bus);
      await scheduler.stop();
      await bus.stop();
      await stream.stop();
      await ses.stop();
      await google?.stop();
      await elevenLabs?.stop();
      await sentry?.close();
      await pushService?.close();
      await webhookReceiver?.close();
      if (webhookReceiver && process.env.WEBHOOK_ALLOWED_ORIGINS === webhookReceiver.origin) delete process.env.WEBHOOK_ALLOWED_ORIGINS;
      if (sentry && process.env.SENTRY_DSN === sentry.dsn()) delete process.env.SENTRY_DSN;
      await cognito.stop();
      await dynamo.stop();
    },
  };
}
