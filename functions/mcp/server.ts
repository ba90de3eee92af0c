import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { scopeAllows, type AccessTokenScope } from '../../shared/access-tokens';
import { ASSISTANT_TOOL_NAMES, toolMeaning, type ToolMeaning } from '../../shared/assistant-tools';
import { ASSISTANT_TOOL_DEFINITIONS } from '../../shared/assistant-tools.schema';
import { CHANGE_SET_LIMITS, CHANGE_SET_MESSAGES } from '../../shared/change-sets';
import { itemId } from '../../shared/item-fields.schema';
import { API_ERRORS } from '../../shared/messages';
import { PLANNING_TOOL_MESSAGES } from '../../shared/planning';
import type { ToolCallResult } from '../../shared/tool-calls.schema';
import { now } from '../platform/clock';
import { reportError } from '../platform/error-reporting';
import { HttpError } from '../platform/errors';
import type { Caller } from '../platform/http';
import { log } from '../platform/log';
import { undoChangeSet } from '../voice/change-sets';
import { runToolCallNow } from '../voice/log-tool-call';
import { makesChangeSet } from '../voice/process-tool-call';
import { MCP_TURN_GAP_MS, turnOf } from './turns.repository';

/**
 * The MCP server an outside assistant reaches at /mcp: the assistant's tools from the registry
 * (shared/assistant-tools.ts), with the same parameter schemas, run as the voice assistant's are
 * (logged as tool calls, their changes in the turn's change set), plus undoChangeSet. The person
 * answers what waits for them on screen, so answerProposal is not offered; a read token gets the
 * tools that read only.
 */

export const MCP_MESSAGES = {
  waitsForThePerson:
    'Not done yet: this waits for the person’s yes on screen, under “What the assistant did” on their dashboard. You cannot confirm it: tell them to confirm or cancel it there.',
  instructions: [
    'Tempo keeps the person’s goals, tasks, calendar events and tags; these tools read and change them.',
    `Every change you make lands in a change set (one per run of calls less than ${MCP_TURN_GAP_MS / 60_000} minutes apart) that the person sees on their dashboard under “What the assistant did” and can undo; the change tools answer its change_set_id, and undoChangeSet takes a whole set back.`,
    `Moving more than ${CHANGE_SET_LIMITS.trashWithoutConfirming} items to the trash in one set, deleting a tag, and the plans of planTasks and rescheduleEvents wait for the person’s yes on screen: you cannot give it.`,
  ].join(' '),
} as const;

const SERVER_INFO = { name: 'tempo', title: 'Tempo', version: '1.0.0' };

/** The MCP-only tool: "Undo all" of a change set, as the person's button does it. */
const UNDO_CHANGE_SET = {
  name: 'undoChangeSet',
  description:
    'Undo every change of a change set that is still applied (“Undo all”): created items go to the trash, updated ones get their previous values back, items moved to the trash come back. All or nothing: if an item changed since, nothing is undone and the answer says which and why. Answers the change set.',
  parameters: z.strictObject({ change_set_id: itemId.describe('The change_set_id a change tool answered') }),
} as const;

/** The scope a tool needs: reading (list*, getSchedule, findFreeTime) or changing. */
const scopeOf = (meaning: ToolMeaning): AccessTokenScope => (meaning.does === 'list' || meaning.does === 'read' ? 'read' : 'write');

/** A signed-in session may do what its person may; a token what its scope allows. */
const scopeOfCaller = (caller: Caller): AccessTokenScope => (caller.kind === 'token' ? caller.scope : 'write');

/** The calls of one token are one conversation (its turns: turns.repository.ts); a session's calls another. */
const conversationOf = (caller: Caller) => (caller.kind === 'token' ? `mcp:${caller.tokenId}` : 'mcp:session');

function annotationsOf(meaning: ToolMeaning): ToolAnnotations {
  if (scopeOf(meaning) === 'read') return { readOnlyHint: true, openWorldHint: false };
  return { readOnlyHint: false, destructiveHint: meaning.does === 'change' && meaning.action === 'delete', openWorldHint: false };
}

/** A new server for one request (the transport is stateless), with the tools `caller` may call for `userId`. */
export function mcpServer(userId: string, caller: Caller): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: MCP_MESSAGES.instructions });
  const scope = scopeOfCaller(caller);
  for (const name of ASSISTANT_TOOL_NAMES) {
    const meaning = toolMeaning(name)!;
    if (meaning.does === 'answer' || !scopeAllows(scope, scopeOf(meaning))) continue;
    const { description, parameters } = ASSISTANT_TOOL_DEFINITIONS.get(name)!;
    server.registerTool(name, { description, inputSchema: parameters, annotations: annotationsOf(meaning) }, (args) =>
      answering(userId, name, () => callTool(userId, caller, name, meaning, args as Record<string, unknown>)),
    );
  }
  if (scopeAllows(scope, 'write')) {
    const { name, description, parameters } = UNDO_CHANGE_SET;
    server.registerTool(name, { description, inputSchema: parameters, annotations: { destructiveHint: true, openWorldHint: false } }, ({ change_set_id }) =>
      answering(userId, name, async () => {
        try {
          return answer(await undoChangeSet(userId, change_set_id, now()));
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return failure(CHANGE_SET_MESSAGES.notFound);
          throw error;
        }
      }),
    );
  }
  return server;
}

/**
 * One call of a registry tool, with the arguments the tool's schema read: logged as a tool call of
 * the caller's conversation, in the turn the call falls in, and run at once as the voice tool
 * processor runs it (functions/voice/process-tool-call.ts), its set named after the token.
 */
async function callTool(userId: string, caller: Caller, name: string, meaning: ToolMeaning, args: Record<string, unknown>): Promise<CallToolResult> {
  // What is logged is bounded by the body's limit (its text checked as every route's: handler.ts) and
  // the tool's schema; the voice route's parameter limits (toolArgumentsProblem) would count the
  // defaults the schema filled in here, and refuse a full batch.
  const receivedAt = now();
  const conversationId = conversationOf(caller);
  const turn = await turnOf(userId, conversationId, receivedAt);
  const request = { tool_call_id: randomUUID(), conversation_id: conversationId, turn, tool_name: name, parameters: args };
  const finished = await runToolCallNow(userId, request, receivedAt, caller.kind === 'token' ? { madeBy: caller.name } : {});
  if (finished.status !== 'success') return failure(finished.error_message ?? API_ERRORS.internal);
  return answer({ ...toldOverMcp(finished.result!), ...(makesChangeSet(meaning) ? { change_set_id: finished.change_set_id } : {}) });
}

/** What the voice assistant is told to do about a change that waits (ask the person, or answer by voice), told as the MCP client may act on it. */
function toldOverMcp(result: ToolCallResult): ToolCallResult {
  if (!('awaiting_confirmation' in result) || result.awaiting_confirmation !== true) return result;
  const forVoice = [CHANGE_SET_MESSAGES.awaitingConfirmation, PLANNING_TOOL_MESSAGES.proposalWaits];
  const rest = forVoice.reduce((message, voice) => message.replace(voice, ''), result.message ?? '').trim();
  return { ...result, message: [MCP_MESSAGES.waitsForThePerson, rest].filter(Boolean).join(' ') };
}

/** Runs a tool; anything unexpected is logged and reported, and the client told only that it failed. */
async function answering(userId: string, toolName: string, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return failure(error.message);
    log.error('mcp tool call failed', { userId, toolName, error });
    await reportError(error);
    return failure(API_ERRORS.internal);
  }
}

/** The JSON the voice agent gets, as text for any client and as structured content. */
const answer = (result: object): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(result) }],
  structuredContent: result as Record<string, unknown>,
});

const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });
