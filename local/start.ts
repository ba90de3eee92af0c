import { startLocalStack } from './stack';

/** `npm start`: the product on http://127.0.0.1:3000 (PORT to change it), state under .data/. */
const stack = await startLocalStack({
  dataDir: process.env.DATA_DIR ?? '.data',
  port: Number(process.env.PORT ?? 3000),
  cognitoPort: Number(process.env.COGNITO_PORT ?? 9229),
  dynamoPort: process.env.DYNAMO_PORT ? Number(process.env.DYNAMO_PORT) : undefined,
  googleDouble: process.env.GOOGLE_DOUBLE === '1',
  googleDoublePort: process.env.GOOGLE_DOUBLE_PORT ? Number(process.env.GOOGLE_DOUBLE_PORT) : undefined,
  elevenLabsDouble: process.env.ELEVENLABS_DOUBLE === '1',
  elevenLabsDoublePort: Number(process.env.ELEVENLABS_DOUBLE_PORT ?? 3210),
  sentryDouble: process.env.SENTRY_DOUBLE === '1',
  sentryDoublePort: Number(process.env.SENTRY_DOUBLE_PORT ?? 3130),
  pushDouble: process.env.PUSH_DOUBLE === '1',
  pushDoublePort: process.env.PUSH_DOUBLE_PORT ? Number(process.env.PUSH_DOUBLE_PORT) : undefined,
  webhookReceiverDoublePort: process.env.WEBHOOK_RECEIVER_DOUBLE_PORT ? Number(process.env.WEBHOOK_RECEIVER_DOUBLE_PORT) : undefined,
  webDir: process.env.WEB_DIST,
});

console.log(`
  Tempo is running at ${stack.url}
  API:            ${stack.url}/api
  Demo:           ${stack.url}/demo (a fresh account with sample items, deleted a day later)
  Local Cognito:  ${stack.pool.endpoint} (pool ${stack.pool.userPoolId}, client ${stack.pool.clientId})
  Data:           ${process.env.DATA_DIR ?? '.data'}/ (delete it to start over); mail in ${stack.outbox.directory}
  Google:         ${stack.google ? `local double at ${stack.google.url} (GOOGLE_DOUBLE=1)` : process.env.GOOGLE_CLIENT_ID ? 'Google, as configured' : 'not configured (GOOGLE_DOUBLE=1 for the local double)'}
  Voice:          ${stack.elevenLabs ? `local ElevenLabs double at ${stack.elevenLabs.httpUrl} (ELEVENLABS_DOUBLE=1; knobs under /__double/)` : process.env.ELEVENLABS_AGENT_ID && process.env.ELEVENLABS_API_KEY ? `ElevenLabs agent ${process.env.ELEVENLABS_AGENT_ID}` : 'not configured (ELEVENLABS_DOUBLE=1 for the local double)'}
  Errors:         ${errorReporting()}
  Webhooks:       ${stack.webhookReceiver ? `local receiver double at ${stack.webhookReceiver.origin} (WEBHOOK_RECEIVER_DOUBLE_PORT; POST /endpoints for an address)` : 'to public https addresses only'}
  Stop with Ctrl-C.
`);

/** Where errors, traces, replays and feedback go: the local double's page, the DSN's host, or nowhere. */
function errorReporting(): string {
  const dsn = process.env.SENTRY_DSN;
  if (stack.sentry && dsn === stack.sentry.dsn()) return `local Sentry double, seen at ${stack.sentry.url} (SENTRY_DOUBLE=1)`;
  if (dsn) return `Sentry at ${new URL(dsn).host} (SENTRY_DSN)`;
  return 'not reported (SENTRY_DOUBLE=1 for the local double, or SENTRY_DSN=<dsn>)';
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
