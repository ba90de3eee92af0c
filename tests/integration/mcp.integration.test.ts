import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_MESSAGES } from '../../functions/mcp/server';
import { MCP_TURN_GAP_MS, turnOf } from '../../functions/mcp/turns.repository';
import { startHttpServer } from '../../local/http-server';
import type { AccessTokenScope } from '../../shared/access-tokens';
import { ASSISTANT_TOOL_NAMES, toolMeaning } from '../../shared/assistant-tools';
import { CHANGE_SET_MESSAGES } from '../../shared/change-sets';
import type { ChangeSet } from '../../shared/change-sets.schema';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { WebConfig } from '../../shared/web-config';
import { useVirtualClock } from '../support/clock';
import { daysFromNow, integrationHarness, type TestUser } from '../support/harness';

/** The MCP server through the local API over real HTTP, with the official SDK's client, as an outside assistant reaches it. */
const { world, user } = integrationHarness();
let site: Awaited<ReturnType<typeof startHttpServer>>;
const webDir = mkdtempSync(join(tmpdir(), 'tempo-mcp-'));
const clients: Client[] = [];
// Sleeps jump (a turn's deletes wait a moment for each other before one applies).
let clock: ReturnType<typeof useVirtualClock>;

beforeAll(async () => {
  clock = useVirtualClock();
  site = await startHttpServer({ port: 0, api: world.adapter, webDir, webConfig: {} as WebConfig, contentSecurityPolicy: "default-src 'self'" });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await site.stop();
  clock.restore();
  rmSync(webDir, { recursive: true, force: true });
});

/** An MCP client signed in with `bearer`: a person's session (their Cognito token) or one of their access tokens. */
async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: 'tempo-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  clients.push(client);
  return client;
}

async function accessToken(person: TestUser, scope: AccessTokenScope, name = `${scope} assistant`): Promise<string> {
  const made = await person.post('/api/access-tokens', { name, scope, expires_in_days: 30 });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.token;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ...result, text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join('') };
}

async function tasksOf(person: TestUser): Promise<Array<{ id: string; title: string }>> {
  return (await person.get('/api/tasks')).body.items;
}

async function changeSetsOf(person: TestUser): Promise<ChangeSet[]> {
  return (await person.get('/api/voice/change-sets')).body.items;
}

async function madeTasks(person: TestUser, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await person.post('/api/tasks', { title: `Task ${index}` })).body.id);
  return ids;
}

const readTools = ASSISTANT_TOOL_NAMES.filter((name) => ['list', 'read'].includes(toolMeaning(name)!.does));

describe('the MCP server’s tools', () => {
  it('offers a write token every registry tool but answerProposal, and undoChangeSet; a read token the tools that read only', async () => {
    const person = await user();
    const writer = await connect(await accessToken(person, 'write'));
    // What the assistant is told of change sets and confirmations before any call.
    expect(writer.getInstructions()).toBe(MCP_MESSAGES.instructions);
    const written = (await writer.listTools()).tools;
    expect(written.map((tool) => tool.name).sort()).toEqual([...ASSISTANT_TOOL_NAMES.filter((name) => name !== 'answerProposal'), 'undoChangeSet'].sort());
    const createTask = written.find((tool) => tool.name === 'createTask')!;
    expect(createTask.inputSchema.properties).toHaveProperty('title');
    expect(createTask.annotations?.readOnlyHint).toBe(false);
    expect(written.find((tool) => tool.name === 'deleteTasks')!.annotations?.destructiveHint).toBe(true);

    const read = (await (await connect(await accessToken(person, 'read'))).listTools()).tools;
    expect(read.map((tool) => tool.name).sort()).toEqual([...readTools].sort());
    expect(read.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it('turns a read token’s call of a change tool away, and changes nothing', async () => {
    const person = await user();
    const reader = await connect(await accessToken(person, 'read'));
    const refused = await call(reader, 'createTask', { title: 'Not allowed' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('createTask');
    expect(await tasksOf(person)).toEqual([]);
    const listed = await call(reader, 'listTasks');
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toEqual({ entity: 'task', items: [] });
  });

  it('creates a task the person then sees, in a change set named after the token, which undoChangeSet takes back', async () => {
    const person = await user();
    const { token, access_token } = (await person.post('/api/access-tokens', { name: 'Claude Desktop', scope: 'write', expires_in_days: 30 })).body;
    const assistant = await connect(token);
    const made = await call(assistant, 'createTask', { title: 'Call the plumber', priority: 'high' });
    expect(made.isError, made.text).toBeFalsy();
    const answer = made.structuredContent as { entity: string; action: string; item: { id: string; title: string }; change_set_id: string };
    expect(answer).toMatchObject({ entity: 'task', action: 'create', item: { title: 'Call the plumber' } });
    // The text is the same JSON, for a client that reads text only.
    expect(JSON.parse(made.text)).toEqual(answer);
    expect((await tasksOf(person)).map((task) => [task.id, task.title])).toEqual([[answer.item.id, 'Call the plumber']]);

    const [set] = await changeSetsOf(person);
    expect(set).toMatchObject({ id: answer.change_set_id, conversation_id: `mcp:${access_token.id}`, made_by: 'Claude Desktop', awaiting_confirmation: false });
    expect(set!.lines.map((line) => [line.action, line.title, line.status])).toEqual([['create', 'Call the plumber', 'applied']]);
    // It is logged as a tool call, as the voice assistant's are.
    expect(
      (await person.get('/api/voice/tool-calls')).body.items.map((logged: { tool_name: string; status: string }) => [logged.tool_name, logged.status]),
    ).toEqual([['createTask', 'success']]);

    const undone = await call(assistant, 'undoChangeSet', { change_set_id: answer.change_set_id });
    expect(undone.isError, undone.text).toBeFalsy();
    expect((undone.structuredContent as ChangeSet).lines.map((line) => line.status)).toEqual(['undone']);
    expect(await tasksOf(person)).toEqual([]);
    const again = await call(assistant, 'undoChangeSet', { change_set_id: answer.change_set_id });
    expect(again).toMatchObject({ isError: true, text: CHANGE_SET_MESSAGES.nothingToUndo });
  });

  it('keeps a bulk delete of more than 3 items waiting for the person’s yes on screen, and cannot give it', async () => {
    const person = await user();
    const ids = await madeTasks(person, 4);
    const assistant = await connect(await accessToken(person, 'write'));
    const held = await call(assistant, 'deleteTasks', { ids });
    expect(held.isError, held.text).toBeFalsy();
    expect(held.structuredContent).toMatchObject({ awaiting_confirmation: true, message: MCP_MESSAGES.waitsForThePerson });
    expect(await tasksOf(person)).toHaveLength(4);
    const [set] = await changeSetsOf(person);
    expect(set!.awaiting_confirmation).toBe(true);
    expect(set!.lines.map((line) => line.status)).toEqual(['held', 'held', 'held', 'held']);
    // No tool answers it: the person does, on screen.
    expect((await assistant.listTools()).tools.map((tool) => tool.name)).not.toContain('answerProposal');
    const answered = await call(assistant, 'answerProposal', { change_set_id: set!.id, accept: true });
    expect(answered.isError).toBe(true);
    expect(await tasksOf(person)).toHaveLength(4);
  });

  it('proposes a plan that waits for the person’s yes on screen, not for an answer by voice', async () => {
    const person = await user();
    await person.post('/api/tasks', { title: 'Write the report', estimate_minutes: 60 });
    const assistant = await connect(await accessToken(person, 'write'));
    const plan = await call(assistant, 'planTasks', { from: daysFromNow(7, 0), to: daysFromNow(14, 0) });
    expect(plan.isError, plan.text).toBeFalsy();
    const proposal = plan.structuredContent as { change_set_id: string; awaiting_confirmation: boolean; message: string; blocks: Array<{ title: string }> };
    expect(proposal).toMatchObject({ awaiting_confirmation: true, message: MCP_MESSAGES.waitsForThePerson });
    expect(proposal.blocks.map((block) => block.title)).toEqual(['Write the report']);
    expect((await person.get('/api/events')).body.items).toEqual([]);
    expect((await changeSetsOf(person)).map((set) => [set.id, set.awaiting_confirmation])).toEqual([[proposal.change_set_id, true]]);
  });

  it('holds deletes made one at a time past the third, as the calls follow each other within one turn', async () => {
    const person = await user();
    const ids = await madeTasks(person, 4);
    const assistant = await connect(await accessToken(person, 'write'));
    const answers = [];
    for (const id of ids) answers.push(await call(assistant, 'deleteTask', { id }));
    expect(answers.map((answer) => (answer.structuredContent as { awaiting_confirmation?: boolean }).awaiting_confirmation ?? false)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect((await tasksOf(person)).map((task) => task.id)).toEqual([ids[3]]);
    const sets = await changeSetsOf(person);
    expect(sets).toHaveLength(1);
    expect(sets[0]!.lines.map((line) => line.status)).toEqual(['applied', 'applied', 'applied', 'held']);
  });

  it('answers a bad argument as a tool error with the schema’s message, and changes nothing', async () => {
    const person = await user();
    const assistant = await connect(await accessToken(person, 'write'));
    const expected = ITEM_SCHEMAS.tasks.createFields.safeParse({ title: '' }).error!.issues[0]!.message;
    const empty = await call(assistant, 'createTask', { title: '' });
    expect(empty.isError).toBe(true);
    expect(empty.text).toContain(expected);
    const unknown = await call(assistant, 'createTask', { title: 'Fine', colour: 'red' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('colour');
    expect(await tasksOf(person)).toEqual([]);
    expect(await changeSetsOf(person)).toEqual([]);
  });

  it('finds no item of another person’s', async () => {
    const [person, other] = [await user(), await user()];
    const [theirs] = await madeTasks(other, 1);
    const assistant = await connect(await accessToken(person, 'write'));
    const updated = await call(assistant, 'updateTask', { id: theirs, title: 'Mine now' });
    expect(updated).toMatchObject({ isError: true, text: TOOL_CALL_MESSAGES.notFound('task') });
    const deleted = await call(assistant, 'deleteTask', { id: theirs });
    expect(deleted).toMatchObject({ isError: true, text: TOOL_CALL_MESSAGES.notFound('task') });
    expect((await tasksOf(other)).map((task) => task.title)).toEqual(['Task 0']);
    const [theirSet] = await changeSetsOf(other);
    expect(theirSet).toBeUndefined();
    const undone = await call(assistant, 'undoChangeSet', { change_set_id: randomUUID() });
    expect(undone).toMatchObject({ isError: true, text: CHANGE_SET_MESSAGES.notFound });
  });

  it('serves a signed-in session too, as a conversation of its own', async () => {
    const person = await user();
    const session = await connect(person.token);
    const made = await call(session, 'createTask', { title: 'From a session' });
    expect(made.isError, made.text).toBeFalsy();
    const [set] = await changeSetsOf(person);
    expect(set).toMatchObject({ conversation_id: 'mcp:session', made_by: null });
  });
});

describe('the /mcp endpoint', () => {
  const post = (bearer: string, body: string) =>
    fetch(`${site.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body,
    });

  it('answers a call sent on its own, without an initialize first, in JSON: the server keeps no session', async () => {
    const person = await user();
    const response = await post(person.token, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'listTasks', arguments: {} } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toMatchObject({ id: 7, result: { structuredContent: { entity: 'task', items: [] } } });
  });

  it('answers GET and DELETE with 405: no stream, no session to end', async () => {
    const person = await user();
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${site.url}/mcp`, { method, headers: { authorization: `Bearer ${person.token}`, accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await response.json()).error.code).toBe(-32000);
    }
  });

  it('turns away a batch (one tool call per request), text that is not Unicode, and a request without a token', async () => {
    const person = await user();
    const listing = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const batch = await post(person.token, JSON.stringify([listing, { ...listing, id: 2 }]));
    expect(batch.status).toBe(400);
    expect((await batch.json()).error.code).toBe(-32600);
    const illFormed = await post(person.token, '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"createTask","arguments":{"title":"\\ud800"}}}');
    expect(illFormed.status).toBe(400);
    expect((await illFormed.json()).error.message).toContain('params.arguments.title');
    expect((await post('', JSON.stringify(listing))).status).toBe(401);
    expect(await tasksOf(person)).toEqual([]);
  });
});

describe('an MCP conversation’s turns', () => {
  it('go on while calls follow each other within the gap, and a call after it starts a new one', async () => {
    const person = await user();
    const start = new Date('2026-03-01T09:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const first = await turnOf(person.id, 'mcp:turns', start);
    expect(first).toBe(start.getTime() / 1000);
    expect(await turnOf(person.id, 'mcp:turns', at(MCP_TURN_GAP_MS))).toBe(first);
    // The gap counts from the latest call, not the turn's first.
    expect(await turnOf(person.id, 'mcp:turns', at(2 * MCP_TURN_GAP_MS))).toBe(first);
    const second = await turnOf(person.id, 'mcp:turns', at(3 * MCP_TURN_GAP_MS + 1));
    expect(second).toBeGreaterThan(first);
    // Another conversation (another token's) has turns of its own: its first call starts one.
    expect(await turnOf(person.id, 'mcp:other', at(3 * MCP_TURN_GAP_MS + 60_000))).toBe(second + 60);
  });

  it('agree on one turn for calls at the same moment after a gap', async () => {
    const person = await user();
    const start = new Date('2026-03-01T09:00:00Z');
    await turnOf(person.id, 'mcp:race', start);
    const later = new Date(start.getTime() + 2 * MCP_TURN_GAP_MS);
    const turns = await Promise.all(Array.from({ length: 5 }, () => turnOf(person.id, 'mcp:race', later)));
    expect(new Set(turns).size).toBe(1);
    expect(turns[0]).toBe(later.getTime() / 1000);
  });
});
