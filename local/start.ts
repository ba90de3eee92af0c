import { DEMO_ACCOUNT } from '../shared/demo';
import { startLocalStack } from './stack';

/** `npm start`: the product on http://127.0.0.1:3000 (PORT to change it), state under .data/. */
const stack = await startLocalStack({
  dataDir: process.env.DATA_DIR ?? '.data',
  port: Number(process.env.PORT ?? 3000),
  cognitoPort: Number(process.env.COGNITO_PORT ?? 9229),
});

console.log(`
  Tempo is running at ${stack.url}
  API:            ${stack.url}/api
  Demo account:   ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}
  Local Cognito:  ${stack.pool.endpoint} (pool ${stack.pool.userPoolId}, client ${stack.pool.clientId})
  Data:           ${process.env.DATA_DIR ?? '.data'}/ (delete it to start over)
  Stop with Ctrl-C.
`);

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
