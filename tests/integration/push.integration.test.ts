import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectionKey } from '../../functions/data/keys';
import { openConnections } from '../../functions/push/connections.repository';
import { db, tableName } from '../../functions/platform/dynamo';
import type { ChangeNotice } from '../../shared/changes';
import { CHANGE_SOCKET_PATH } from '../../shared/constants';
import { useLocalStack } from '../support/local-stack';

/** The WebSocket push through the local stack: authorizer, routes, the table's stream and the sender. */
describe('change notices over the WebSocket', () => {
  const local = useLocalStack('push');

  async function signedIn(name: string) {
    const email = `${name}-${Date.now()}@example.com`;
    const id = await local.stack.ensureUser(email, 'Push-pass-1!', name);
    const token = await local.stack.signIn(email, 'Push-pass-1!');
    const post = (path: string, body: unknown) =>
      fetch(`${local.stack.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { id, token, post };
  }

  /** A socket as a tab opens it, with every notice it hears. */
  async function socket(token: string) {
    const ws = new WebSocket(`${local.stack.url.replace('http', 'ws')}${CHANGE_SOCKET_PATH}?token=${encodeURIComponent(token)}`);
    const notices: ChangeNotice[] = [];
    ws.on('message', (data: Buffer) => notices.push(JSON.parse(data.toString('utf8')) as ChangeNotice));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, notices };
  }

  async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 200 && !(await condition()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await condition()).toBe(true);
  }

  it('tells each of the user’s open sockets the new counters, and no one else’s', async () => {
    const ana = await signedIn('ana');
    const ben = await signedIn('ben');
    const [anaTab, anaOtherTab, benTab] = [await socket(ana.token), await socket(ana.token), await socket(ben.token)];
    await until(async () => (await openConnections(ana.id, new Date())).length === 2);

    expect((await ana.post('/api/tasks', { title: 'Pushed' })).status).toBe(201);
    await until(() => anaTab.notices.length > 0 && anaOtherTab.notices.length > 0);
    for (const tab of [anaTab, anaOtherTab]) expect(tab.notices.at(-1)!.stamps).toMatchObject({ tasks: 1, goals: 0 });
    await local.stack.stream.settle();
    expect(benTab.notices).toEqual([]);
    for (const tab of [anaTab, anaOtherTab, benTab]) tab.ws.close();
  });

  it('refuses an upgrade without a valid token, as the REQUEST authorizer makes API Gateway do', async () => {
    for (const query of ['', '?token=', '?token=not-a-jwt']) {
      const ws = new WebSocket(`${local.stack.url.replace('http', 'ws')}${CHANGE_SOCKET_PATH}${query}`);
      const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)));
      expect(status, query).toBe(401);
    }
  });

  it('forgets a socket at $disconnect, and one the management API says is gone', async () => {
    const cleo = await signedIn('cleo');
    const tab = await socket(cleo.token);
    await until(async () => (await openConnections(cleo.id, new Date())).length === 1);
    tab.ws.close();
    await until(async () => (await openConnections(cleo.id, new Date())).length === 0);

    // A record whose socket went without its $disconnect (a dropped network, an ended Lambda).
    const stale = connectionKey(cleo.id, 'gone-connection=');
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...stale, connection_id: 'gone-connection=', ttl: Date.now() / 1000 + 3600 } }));
    expect(await openConnections(cleo.id, new Date())).toEqual(['gone-connection=']);
    expect((await cleo.post('/api/goals', { title: 'Nudges the sender' })).status).toBe(201);
    await until(async () => (await openConnections(cleo.id, new Date())).length === 0);
  });
});
