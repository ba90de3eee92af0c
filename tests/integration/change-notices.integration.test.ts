import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { join } from 'node:path';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BLOCKED_COGNITO_CALL, BLOCKED_COGNITO_TARGETS } from '../../functions/auth/triggers';
import { connectionKey } from '../../functions/data/keys';
import { openConnections } from '../../functions/change-notices/connections.repository';
import { db, tableName } from '../../functions/platform/dynamo';
import type { ChangeNotice } from '../../shared/changes.schema';
import { CHANGE_SOCKET_PATH, SOCKET_LIMITS, SOCKET_SIZE_LIMITS } from '../../shared/constants';
import { useVirtualClock } from '../support/clock';
import { useLocalStack } from '../support/local-stack';
import { mailsTo } from '../support/outbox';

/** The change notices' WebSocket through the local stack: authorizer, routes, the table's stream and the sender. */
describe('change notices over the WebSocket', () => {
  const local = useLocalStack('change-notices');

  async function signedIn(name: string) {
    const email = `${name}-${Date.now()}@example.com`;
    const id = await local.stack.ensureUser(email, 'Notices-pass-1!', name);
    const token = await local.stack.signIn(email, 'Notices-pass-1!');
    const post = (path: string, body: unknown) =>
      fetch(`${local.stack.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    return { id, email, token, post };
  }

  const socketAddress = (query: string) => `${local.stack.url.replace('http', 'ws')}${CHANGE_SOCKET_PATH}${query}`;

  /** A ticket, as the page asks for one just before it opens its socket. */
  async function ticketFor(token: string): Promise<string> {
    const answer = await fetch(`${local.stack.url}/api/changes/socket-ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { ticket: string }).ticket;
  }

  /** A socket as a tab opens it (a fresh ticket), with every notice it hears and, once closed, its close code. */
  async function socket(token: string) {
    const ws = new WebSocket(socketAddress(`?ticket=${encodeURIComponent(await ticketFor(token))}`));
    const notices: ChangeNotice[] = [];
    const closed: { code: number | null } = { code: null };
    ws.on('message', (data: Buffer) => notices.push(JSON.parse(data.toString('utf8')) as ChangeNotice));
    ws.on('close', (code: number) => (closed.code = code));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, notices, closed };
  }

  /** The status of a refused upgrade. */
  function refusal(address: string): Promise<number> {
    const ws = new WebSocket(address);
    return new Promise<number>((resolve, reject) => {
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('open', () => reject(new Error(`${address} was let in`)));
    });
  }

  /** Waits for what the sockets hear, or for their records, to come true. */
  const until = (condition: () => boolean | Promise<boolean>) => expect.poll(condition, { timeout: 2_000 }).toBe(true);

  it('tells each of the user’s open sockets the new counters, and no one else’s', async () => {
    const ana = await signedIn('ana');
    const ben = await signedIn('ben');
    const [anaTab, anaOtherTab, benTab] = [await socket(ana.token), await socket(ana.token), await socket(ben.token)];
    await until(async () => (await openConnections(ana.id, new Date())).length === 2);

    expect((await ana.post('/api/tasks', { title: 'Noticed' })).status).toBe(201);
    await until(() => anaTab.notices.length > 0 && anaOtherTab.notices.length > 0);
    for (const tab of [anaTab, anaOtherTab]) expect(tab.notices.at(-1)!.stamps).toMatchObject({ tasks: 1, goals: 0 });
    await local.stack.stream.settle();
    expect(benTab.notices).toEqual([]);
    for (const tab of [anaTab, anaOtherTab, benTab]) tab.ws.close();
  });

  it('refuses an upgrade without a valid ticket, a token in the address included, as the REQUEST authorizer makes API Gateway do', async () => {
    const dan = await signedIn('dan');
    for (const query of ['', '?ticket=', '?ticket=made-up', `?token=${dan.token}`, `?ticket=${dan.token}`]) {
      expect(await refusal(socketAddress(query)), query).toBe(401);
    }
  });

  it('opens a socket once per ticket, and not after the ticket’s seconds', async () => {
    const eve = await signedIn('eve');
    const ticket = await ticketFor(eve.token);
    const tab = await socketWith(ticket);
    expect(await refusal(socketAddress(`?ticket=${ticket}`))).toBe(401);
    tab.close();

    const late = await ticketFor(eve.token);
    const clock = useVirtualClock();
    try {
      clock.advance(SOCKET_LIMITS.ticketSeconds * 1000);
      expect(await refusal(socketAddress(`?ticket=${late}`))).toBe(401);
    } finally {
      clock.restore();
    }
    expect((await fetch(`${local.stack.url}/api/changes/socket-ticket`, { method: 'POST' })).status).toBe(401);
  });

  async function socketWith(ticket: string): Promise<WebSocket> {
    const ws = new WebSocket(socketAddress(`?ticket=${ticket}`));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return ws;
  }

  it(`keeps at most ${SOCKET_LIMITS.openPerUser} sockets of one person open, closing the oldest first`, async () => {
    const fay = await signedIn('fay');
    const tabs = [];
    for (let index = 0; index < SOCKET_LIMITS.openPerUser + 3; index += 1) tabs.push(await socket(fay.token));
    const oldest = tabs.slice(0, 3);
    await until(() => oldest.every((tab) => tab.closed.code !== null));
    const kept = tabs.slice(3);
    expect(kept.every((tab) => tab.ws.readyState === WebSocket.OPEN)).toBe(true);
    // A closed socket's record goes just after its close reaches the page.
    await until(async () => (await openConnections(fay.id, new Date())).length === SOCKET_LIMITS.openPerUser);
    // Someone else's sockets are not theirs to count.
    const gus = await signedIn('gus');
    const gusTab = await socket(gus.token);
    // A notice sent after Gus's socket opened reaches each of Fay's: a close it caused would have come first.
    expect((await fay.post('/api/tasks', { title: 'After Gus' })).status).toBe(201);
    await until(() => kept.every((tab) => tab.notices.length > 0));
    expect(kept.every((tab) => tab.ws.readyState === WebSocket.OPEN)).toBe(true);
    for (const tab of [...tabs, gusTab]) tab.ws.close();
  });

  it(`closes a socket that sends more than ${SOCKET_LIMITS.frames.perWindow} frames in ${SOCKET_LIMITS.frames.windowSeconds} s, and not one that pings`, async () => {
    const hal = await signedIn('hal');
    const [flooding, pinging] = [await socket(hal.token), await socket(hal.token)];
    for (let index = 0; index <= SOCKET_LIMITS.frames.perWindow + 5; index += 1) flooding.ws.send('{"action":"ping"}');
    for (let index = 0; index < SOCKET_LIMITS.frames.perWindow; index += 1) pinging.ws.send('{"action":"ping"}');
    await until(() => flooding.closed.code !== null);
    await until(async () => (await openConnections(hal.id, new Date())).length === 1);
    expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
    pinging.ws.close();
  });

  it('closes a socket no longer recorded at its next ping, so its tab opens one that hears the notices', async () => {
    const ida = await signedIn('ida');
    const tab = await socket(ida.token);
    const [connectionId] = await openConnections(ida.id, new Date());
    await db().send(new DeleteCommand({ TableName: tableName(), Key: connectionKey(ida.id, connectionId!) }));
    tab.ws.send('{"action":"ping"}');
    await until(() => tab.closed.code !== null);
  });

  it('closes, as API Gateway does (1009), a socket sending a frame over 32 KB or a message over 128 KB', async () => {
    const ivy = await signedIn('ivy');
    const [bigFrame, bigMessage, fine] = [await socket(ivy.token), await socket(ivy.token), await socket(ivy.token)];
    bigFrame.ws.send('x'.repeat(SOCKET_SIZE_LIMITS.frameBytes + 1));
    // In frames of 30 KB, each within the frame quota, that add up past the message quota.
    const fragment = 'y'.repeat(30 * 1024);
    for (let index = 0; index < 5; index += 1) bigMessage.ws.send(fragment, { fin: index === 4 });
    fine.ws.send('z'.repeat(SOCKET_SIZE_LIMITS.frameBytes));
    await until(() => bigFrame.closed.code !== null && bigMessage.closed.code !== null);
    expect([bigFrame.closed.code, bigMessage.closed.code]).toEqual([SOCKET_SIZE_LIMITS.closeCode, SOCKET_SIZE_LIMITS.closeCode]);
    expect(fine.ws.readyState).toBe(WebSocket.OPEN);
    fine.ws.close();
  });

  it('answers the `@connections` API only when signed with the local stack’s key', async () => {
    const jon = await signedIn('jon');
    const tab = await socket(jon.token);
    const [connectionId] = await openConnections(jon.id, new Date());
    const endpoint = local.stack.sockets.managementEndpoint;
    const unsigned = await fetch(`${endpoint}/@connections/${encodeURIComponent(connectionId!)}`, { method: 'POST', body: 'forged' });
    expect(unsigned.status).toBe(403);
    const stranger = new ApiGatewayManagementApiClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const forged = await stranger.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from('forged') })).catch((error: Error) => error);
    expect(forged).toBeInstanceOf(Error);
    expect((forged as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(403);
    // The notice of a change of Jon's comes after anything the forged post had delivered.
    expect((await jon.post('/api/tasks', { title: 'After the forgery' })).status).toBe(201);
    await until(() => tab.notices.length > 0);
    expect(tab.notices).toEqual([expect.objectContaining({ stamps: expect.objectContaining({ tasks: 1 }) })]);
    expect(tab.ws.readyState).toBe(WebSocket.OPEN);
    tab.ws.close();
  });

  it('signs out everywhere at once: tokens already issued, refresh tokens, and every open socket', async () => {
    const kim = await signedIn('kim');
    const cognito = new CognitoIdentityProviderClient({
      endpoint: local.stack.pool.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const signIn = () =>
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: local.stack.pool.clientId,
          AuthParameters: { USERNAME: kim.email, PASSWORD: 'Notices-pass-1!' },
        }),
      );
    const other = (await signIn()).AuthenticationResult!;
    const tabs = [await socket(kim.token), await socket(other.IdToken!)];
    const unusedTicket = await ticketFor(kim.token);

    expect((await kim.post('/api/auth/sign-out-everywhere', {})).status).toBe(200);
    await until(() => tabs.every((tab) => tab.closed.code !== null));
    expect(await openConnections(kim.id, new Date())).toEqual([]);
    for (const token of [kim.token, other.IdToken!]) {
      expect((await fetch(`${local.stack.url}/api/changes`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
    expect(await refusal(socketAddress(`?ticket=${unusedTicket}`))).toBe(401);
    const refresh = cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local.stack.pool.clientId, AuthParameters: { REFRESH_TOKEN: other.RefreshToken! } }),
    );
    expect(
      await refresh.then(
        () => 'refreshed',
        (error: Error) => error.name,
      ),
    ).toBe('NotAuthorizedException');
    // A sign-in after the answer counts, the same second included.
    const again = (await signIn()).AuthenticationResult!.IdToken!;
    expect((await fetch(`${local.stack.url}/api/changes`, { headers: { authorization: `Bearer ${again}` } })).status).toBe(200);
  });

  it('closes every open socket at a password reset too', async () => {
    const max = await signedIn('max');
    const tab = await socket(max.token);
    const publicPost = (path: string, body: unknown) =>
      fetch(`${local.stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await publicPost('/api/auth/reset-code', { email: max.email })).status).toBe(202);
    await local.stack.settle();
    const code = mailsTo(join(local.dataDir, 'outbox'), max.email).at(-1)!.code!;
    expect((await publicPost('/api/auth/reset-password', { email: max.email, code, password: 'New-pass-2!' })).status).toBe(200);
    await until(() => tab.closed.code !== null);
    expect(await openConnections(max.id, new Date())).toEqual([]);
  });

  it('refuses Cognito’s own ForgotPassword, ConfirmForgotPassword and ChangePassword, which would go around the app’s reset rules', async () => {
    const lou = await signedIn('lou');
    const bodies: Record<(typeof BLOCKED_COGNITO_TARGETS)[number], object> = {
      ForgotPassword: { ClientId: local.stack.pool.clientId, Username: lou.email },
      ConfirmForgotPassword: { ClientId: local.stack.pool.clientId, Username: lou.email, ConfirmationCode: '123456', Password: 'Other-pass-2!' },
      ChangePassword: { AccessToken: lou.token, PreviousPassword: 'Notices-pass-1!', ProposedPassword: 'Other-pass-2!' },
    };
    for (const target of BLOCKED_COGNITO_TARGETS) {
      const answer = await fetch(`${local.stack.pool.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
        body: JSON.stringify(bodies[target]),
      });
      expect([target, answer.status, ((await answer.json()) as { __type: string }).__type]).toEqual([target, 400, BLOCKED_COGNITO_CALL.type]);
    }
    expect(await local.stack.signIn(lou.email, 'Notices-pass-1!')).toBeTruthy();
  });

  it('forgets a socket at $disconnect, and one the management API says is gone', async () => {
    const cleo = await signedIn('cleo');
    const tab = await socket(cleo.token);
    await until(async () => (await openConnections(cleo.id, new Date())).length === 1);
    tab.ws.close();
    await until(async () => (await openConnections(cleo.id, new Date())).length === 0);

    // A record whose socket went without its $disconnect (a dropped network, an ended Lambda).
    await keepConnection(cleo.id, 'gone-connection=', new Date(Date.now() - 60_000));
    expect(await openConnections(cleo.id, new Date())).toEqual(['gone-connection=']);
    expect((await cleo.post('/api/goals', { title: 'Nudges the sender' })).status).toBe(201);
    await until(async () => (await openConnections(cleo.id, new Date())).length === 0);
  });

  it('keeps a socket whose $connect is still under way, which API Gateway also calls gone, and forgets it once it would have opened', async () => {
    const dora = await signedIn('dora');
    const clock = useVirtualClock();
    try {
      // The record is written first; until the route answers, a post to the socket gets 410.
      await keepConnection(dora.id, 'opening-connection=', new Date(clock.now()));
      expect((await dora.post('/api/goals', { title: 'Told while it opens' })).status).toBe(201);
      await local.stack.stream.settle();
      expect(await openConnections(dora.id, new Date(clock.now()))).toEqual(['opening-connection=']);

      clock.advance(31_000);
      expect((await dora.post('/api/goals', { title: 'Told once it would be open' })).status).toBe(201);
      await local.stack.stream.settle();
      expect(await openConnections(dora.id, new Date(clock.now()))).toEqual([]);
    } finally {
      clock.restore();
    }
  });

  const keepConnection = (userId: string, connectionId: string, connectedAt: Date) =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...connectionKey(userId, connectionId),
          connection_id: connectionId,
          connected_at: connectedAt.toISOString(),
          ttl: connectedAt.getTime() / 1000 + 3600,
        },
      }),
    );
});
