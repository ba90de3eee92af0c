import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A stand-in for ElevenLabs Conversational AI on 127.0.0.1, speaking the protocol
 * @elevenlabs/client speaks:
 * - The agent API the `agent` script calls (`POST /v1/convai/agents/create`, `PATCH
 *   /v1/convai/agents/{id}`): the double holds the agents made through it, and none other exists.
 * - `GET /v1/convai/conversation/get-signed-url?agent_id=` with `xi-api-key` → `{ signed_url }`
 *   (401 for another key, 404 for an agent it does not hold).
 * - The conversation WebSocket at the signed URL (subprotocol `convai`): the client's
 *   conversation_initiation_client_data first; an override of a field the agent's
 *   `platform_settings.overrides` does not enable closes the socket at once (1008, ElevenLabs' reason),
 *   else conversation_initiation_metadata, pings, then turns. A spoken turn is at least 0.4 s of non-silent 16 kHz PCM16 followed by
 *   0.3 s of silence (or the audio stopping); a typed turn is a `user_message`. On a turn it sends the
 *   user_transcript, then the next scripted step's client tool calls, then an agent_response with a
 *   short audio clip. With nothing scripted, a few typed requests ("create a task to X", "create a
 *   goal called X", "list my tasks") make tool calls, so `ELEVENLABS_DOUBLE=1 npm start` is usable
 *   by a person; anything else gets a hint.
 * - Tool calls go in generations, as the LLM makes them: a call is sent once every call before it in
 *   the step has its client_tool_result, unless scripted `after: 'sent'`, which sends it straight after
 *   the previous call, before any result (the client answers those in any order, matched by
 *   tool_call_id). A call waits for its result as long as its tool's `response_timeout_secs` says (20 s
 *   without one); then the turn goes on as if the tool failed (a `timed_out` error in toolResults), and
 *   a later result for it is ignored (invalidMessages), as is any result for a call not waiting.
 * - The agent's client tools bound the calls, as they bind its LLM: a scripted call to a tool the
 *   agent does not have, or with parameters its schema does not allow (type, enum, required or
 *   unknown field), is refused when scripted (HTTP 400; in process, a throw), against the agent of
 *   the last open conversation or, with none open, the first agent (`agentId`). As the agent may
 *   change before the step plays, each call is checked again when its turn comes, against the
 *   conversation's agent: one that fails then is not sent, but recorded in `refusedCalls`.
 * - A scripted `tool_call_id` is sent instead of a fresh `toolu_…` one: the call a real agent repeats
 *   on the conversation after a dropped one, where it had no result.
 * - Knobs under `/__double/` (and the same in process): script the next turns, read what it
 *   received (audio statistics, dynamic variables, tool calls and results with times, in the order
 *   sent and received), close the socket with a code, reset.
 */

export const DOUBLE_API_KEY = 'tempo-double-key';
export const DOUBLE_AGENT_ID = 'tempo-double-agent';

/** The audio format both ways: what the SPA's microphone sends and the double's clips are in. */
const SAMPLE_RATE = 16_000;
const FORMAT = `pcm_${SAMPLE_RATE}`;
const CONVERSATION_PATH = '/v1/convai/conversation';

/** Turn taking, measured on 20 ms frames; a frame is voiced above -40 dBFS. */
const TURN = { frameSamples: 320, voicedMs: 400, silenceMs: 300, quietAfterMs: 500, maxMs: 8_000, threshold: 0.01 } as const;
/** How long a call waits for its result when its tool sets no `response_timeout_secs`. */
const DEFAULT_RESPONSE_TIMEOUT_SECS = 20;

export const DOUBLE_HINT = 'I can create, update, delete or list your goals, tasks, events and tags.';

export interface ScriptedToolCall {
  tool_name: string;
  parameters?: Record<string, unknown>;
  /**
   * When it is sent: once every call before it in the step has its result ('previous-result', the
   * default: a new generation), or straight after the previous call, in the same generation ('sent').
   */
  after?: 'previous-result' | 'sent';
  /** The id to send instead of a fresh one: a call repeated on a new conversation after a drop. */
  tool_call_id?: string;
}

/** One turn's answer: tool calls in order, then a spoken response (a summary by default). */
export interface ScriptStep {
  toolCalls: ScriptedToolCall[];
  /** The transcript of a spoken turn (the double does not recognise speech). */
  transcript?: string;
  response?: string;
}

export interface AudioStats {
  chunks: number;
  /** Chunks that were not whole PCM16 samples (odd byte length) or not base64 text. */
  invalidChunks: number;
  samples: number;
  /** Seconds of audio at 16 kHz. */
  seconds: number;
  /** Over all samples, as a fraction of full scale. */
  rms: number;
  peak: number;
  voicedSeconds: number;
  /** Samples per second of wall-clock time between the first and last chunk: about 16000 when streamed live. */
  liveRate: number | null;
  /** Times the audio stopped for TURN.quietAfterMs, each time the double decided whether a turn had been heard. */
  pauses: number;
}

interface Conversation {
  conversation_id: string;
  agent_id: string;
  opened_at: string;
  dynamic_variables: Record<string, unknown> | null;
  /** The conversation_config_override the conversation started with (the agent allowed it). */
  overrides: Record<string, unknown> | null;
  closed: { code: number; reason: string; by: 'client' | 'server' } | null;
}

interface Turn {
  conversation_id: string;
  kind: 'speech' | 'text';
  transcript: string;
  at: string;
}

interface SentToolCall {
  conversation_id: string;
  tool_call_id: string;
  tool_name: string;
  parameters: Record<string, unknown>;
  sent_at: string;
}

interface ToolAnswer {
  result: unknown;
  is_error: boolean;
}

interface ToolResult extends ToolAnswer {
  conversation_id: string;
  tool_call_id: string;
  /** The client did not answer within the tool's response timeout: the double gave up at `received_at`. */
  timed_out: boolean;
  received_at: string;
}

/** A scripted call the conversation's agent would not make, so it was not sent. */
interface RefusedCall {
  conversation_id: string;
  tool_name: string;
  parameters: Record<string, unknown>;
  reason: string;
  at: string;
}

export interface ElevenLabsDoubleOptions {
  port?: number;
  apiKey?: string;
  /** The id the first agent created through the double gets (later ones get random ids). */
  agentId?: string;
  pingIntervalMs?: number;
  /** The clock that times each audio chunk's arrival (for `liveRate`): the system's, or a test's own. */
  audioClock?: () => number;
}

/** What one open socket is doing: its voice activity and the tool results it waits for. */
interface Connection {
  socket: WebSocket;
  conversation: Conversation;
  eventId: number;
  busy: boolean;
  turns: Promise<void>;
  frame: number[];
  voicedMs: number;
  silenceMs: number;
  utteranceMs: number;
  quietTimer?: NodeJS.Timeout;
  pingTimer: NodeJS.Timeout;
  waiting: Map<string, (answer: ToolAnswer) => void>;
  /** Set once the client's initiation data was accepted and the metadata sent. */
  started: boolean;
}

/** An agent as created or updated through the API: the request body, as ElevenLabs keeps it. */
type AgentBody = Record<string, unknown>;

/** A tool of conversation_config.agent.prompt.tools, as functions/voice/agent/tools.ts makes a client one. */
interface AgentTool {
  type?: unknown;
  name?: unknown;
  response_timeout_secs?: unknown;
  parameters?: unknown;
}

/**
 * The first field of `requested` (a conversation_config_override) that `allowed` (the agent's
 * platform_settings.overrides.conversation_config_override) does not enable, or null. Fields the
 * client left out (undefined, dropped by JSON, or null) override nothing.
 */
export function refusedOverride(requested: unknown, allowed: unknown): string | null {
  if (typeof requested !== 'object' || requested === null || Array.isArray(requested)) return null;
  for (const [field, value] of Object.entries(requested)) {
    if (value === null || value === undefined) continue;
    const permission = (allowed as Record<string, unknown> | null | undefined)?.[field];
    const isSection = typeof value === 'object' && !Array.isArray(value);
    if (isSection) {
      const refused = refusedOverride(value, permission);
      if (refused) return refused;
    } else if (permission !== true) {
      return field;
    }
  }
  return null;
}

/** ElevenLabs' close reason for an override the agent does not allow. */
export const overrideRefusal = (field: string) => `Override for field '${field}' is not allowed by config.`;

/** How deep a tool's parameters may nest: the agent's are two or three levels, and the check must not recurse unbounded. */
const MAX_PARAMETER_DEPTH = 8;

const FITS_TYPE: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
};

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * What in `value` a client tool's parameter `schema` does not allow, naming the field at `path`, or
 * null. The schema is ElevenLabs' subset of JSON schema (functions/voice/agent/tools.ts): string,
 * number, integer or boolean (with an optional enum), array (items), object (properties, required;
 * no other field).
 */
export function parameterMismatch(schema: unknown, value: unknown, path = 'parameters', depth = 0): string | null {
  if (depth > MAX_PARAMETER_DEPTH) return `${path} nests deeper than ${MAX_PARAMETER_DEPTH} levels`;
  const { type, enum: values, items, properties, required } = (schema ?? {}) as Record<string, unknown>;
  if (typeof type !== 'string' || !Object.hasOwn(FITS_TYPE, type)) return `${path} has a type ElevenLabs' tools do not have: ${String(type)}`;
  if (!FITS_TYPE[type]!(value)) return `${path} must be of type ${type}, not ${typeOf(value)}`;
  if (Array.isArray(values) && !values.includes(value)) return `${path} must be one of ${values.join(', ')}, not ${JSON.stringify(value)}`;
  if (type === 'array') {
    for (const [index, item] of (value as unknown[]).entries()) {
      const mismatch = parameterMismatch(items, item, `${path}[${index}]`, depth + 1);
      if (mismatch) return mismatch;
    }
  }
  if (type === 'object') {
    const given = value as Record<string, unknown>;
    const known = (properties ?? {}) as Record<string, unknown>;
    const missing = (Array.isArray(required) ? (required as unknown[]) : []).find((field) => given[String(field)] === undefined);
    if (missing !== undefined) return `${path}.${String(missing)} is required`;
    for (const [field, fieldValue] of Object.entries(given)) {
      // JSON leaves an undefined field out.
      if (fieldValue === undefined) continue;
      if (!Object.hasOwn(known, field)) return `${path}.${field} is not a parameter of the tool`;
      const mismatch = parameterMismatch(known[field], fieldValue, `${path}.${field}`, depth + 1);
      if (mismatch) return mismatch;
    }
  }
  return null;
}

const SCRIPT_SHAPE = "Give toolCalls: [{ tool_name, parameters?, after?: 'previous-result' | 'sent', tool_call_id? }]";

function isScriptedCall(call: unknown): call is ScriptedToolCall {
  const { tool_name, after, tool_call_id } = (call ?? {}) as Record<string, unknown>;
  return (
    typeof tool_name === 'string' &&
    (after === undefined || after === 'previous-result' || after === 'sent') &&
    (tool_call_id === undefined || (typeof tool_call_id === 'string' && tool_call_id !== ''))
  );
}

/** The step's calls in the generations the LLM makes them: a call `after: 'sent'` joins the one before it. */
function generations(calls: readonly ScriptedToolCall[]): ScriptedToolCall[][] {
  const groups: ScriptedToolCall[][] = [];
  for (const call of calls) {
    if (call.after === 'sent' && groups.length > 0) groups.at(-1)!.push(call);
    else groups.push([call]);
  }
  return groups;
}

export async function startElevenLabsDouble(options: ElevenLabsDoubleOptions = {}) {
  const apiKey = options.apiKey ?? DOUBLE_API_KEY;
  const agentId = options.agentId ?? DOUBLE_AGENT_ID;
  const agents = new Map<string, AgentBody>();
  const pingIntervalMs = options.pingIntervalMs ?? 5_000;
  const audioClock = options.audioClock ?? Date.now;
  const tokens = new Set<string>();
  const open = new Set<Connection>();
  const script: ScriptStep[] = [];
  let record = emptyRecord();

  function emptyRecord() {
    return {
      connections: 0,
      conversations: [] as Conversation[],
      audio: { chunks: 0, invalidChunks: 0, samples: 0, sumSquares: 0, peak: 0, voicedFrames: 0, firstAt: 0, lastAt: 0, lastChunkSamples: 0, pauses: 0 },
      turns: [] as Turn[],
      toolCalls: [] as SentToolCall[],
      toolResults: [] as ToolResult[],
      refusedCalls: [] as RefusedCall[],
      pongs: 0,
      invalidMessages: [] as string[],
      agents: [] as Array<{ method: string; agent_id: string; body: unknown }>,
    };
  }

  function state() {
    const { audio } = record;
    const stats: AudioStats = {
      chunks: audio.chunks,
      invalidChunks: audio.invalidChunks,
      samples: audio.samples,
      seconds: audio.samples / SAMPLE_RATE,
      rms: audio.samples ? Math.sqrt(audio.sumSquares / audio.samples) : 0,
      peak: audio.peak,
      voicedSeconds: (audio.voicedFrames * TURN.frameSamples) / SAMPLE_RATE,
      // The last chunk arrived at the end of the span, so its samples are not part of it.
      liveRate: audio.lastAt > audio.firstAt ? Math.round((audio.samples - audio.lastChunkSamples) / ((audio.lastAt - audio.firstAt) / 1000)) : null,
      pauses: audio.pauses,
    };
    const last = record.conversations.at(-1);
    return {
      connections: record.connections,
      open: open.size,
      conversations: record.conversations,
      dynamicVariables: last?.dynamic_variables ?? null,
      lastClose: [...record.conversations].reverse().find((conversation) => conversation.closed)?.closed ?? null,
      audio: stats,
      turns: record.turns,
      toolCalls: record.toolCalls,
      toolResults: record.toolResults,
      refusedCalls: record.refusedCalls,
      pongs: record.pongs,
      invalidMessages: record.invalidMessages,
      agents: record.agents,
      queued: script.length,
    };
  }

  // ---- the conversation ----

  const send = (connection: Connection, message: Record<string, unknown>) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
  };
  const nextEventId = (connection: Connection) => (connection.eventId += 1);

  function onAudio(connection: Connection, chunk: unknown): void {
    const audio = record.audio;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'base64') : null;
    if (!bytes || bytes.length % 2 !== 0) {
      audio.invalidChunks += 1;
      return;
    }
    const now = audioClock();
    audio.chunks += 1;
    audio.firstAt ||= now;
    audio.lastAt = now;
    audio.lastChunkSamples = bytes.length / 2;
    for (let offset = 0; offset < bytes.length; offset += 2) {
      const sample = bytes.readInt16LE(offset) / 32768;
      audio.samples += 1;
      audio.sumSquares += sample * sample;
      audio.peak = Math.max(audio.peak, Math.abs(sample));
      connection.frame.push(sample);
      if (connection.frame.length === TURN.frameSamples) onFrame(connection);
    }
    clearTimeout(connection.quietTimer);
    // The audio stopping also ends a turn that has been heard.
    connection.quietTimer = setTimeout(() => {
      audio.pauses += 1;
      endSpokenTurn(connection);
    }, TURN.quietAfterMs);
  }

  function onFrame(connection: Connection): void {
    const frame = connection.frame;
    connection.frame = [];
    const rms = Math.sqrt(frame.reduce((sum, sample) => sum + sample * sample, 0) / frame.length);
    const frameMs = (TURN.frameSamples / SAMPLE_RATE) * 1000;
    if (rms > TURN.threshold) record.audio.voicedFrames += 1;
    if (connection.busy) return;
    if (rms > TURN.threshold) {
      connection.voicedMs += frameMs;
      connection.silenceMs = 0;
    } else if (connection.voicedMs > 0) {
      connection.silenceMs += frameMs;
    }
    if (connection.voicedMs > 0) connection.utteranceMs += frameMs;
    const heard = connection.voicedMs >= TURN.voicedMs;
    if ((heard && connection.silenceMs >= TURN.silenceMs) || connection.utteranceMs >= TURN.maxMs) endSpokenTurn(connection);
    // A short noise followed by silence is not a turn.
    else if (!heard && connection.silenceMs >= TURN.silenceMs) resetVoice(connection);
  }

  function resetVoice(connection: Connection): void {
    Object.assign(connection, { voicedMs: 0, silenceMs: 0, utteranceMs: 0 });
  }

  function endSpokenTurn(connection: Connection): void {
    if (connection.busy || connection.voicedMs < TURN.voicedMs) return;
    const seconds = connection.voicedMs / 1000;
    resetVoice(connection);
    takeTurn(connection, { kind: 'speech', seconds });
  }

  function takeTurn(connection: Connection, input: { kind: 'speech'; seconds: number } | { kind: 'text'; text: string }): void {
    connection.busy = true;
    connection.turns = connection.turns.then(async () => {
      if (connection.socket.readyState !== connection.socket.OPEN) return;
      const step = script.shift() ?? defaultStep(input.kind === 'text' ? input.text : '');
      const transcript = input.kind === 'text' ? input.text : (step.transcript ?? `(${input.seconds.toFixed(1)} s of speech)`);
      const conversationId = connection.conversation.conversation_id;
      record.turns.push({ conversation_id: conversationId, kind: input.kind, transcript, at: new Date().toISOString() });
      send(connection, { type: 'user_transcript', user_transcription_event: { user_transcript: transcript, event_id: nextEventId(connection) } });
      const answers: ToolAnswer[] = [];
      for (const generation of generations(step.toolCalls)) {
        if (connection.socket.readyState !== connection.socket.OPEN) break;
        const sent = generation.map((call) => callTool(connection, call)).filter((answer) => answer !== null);
        answers.push(...(await Promise.all(sent)));
      }
      respond(connection, step.response ?? summary(step, answers));
      connection.busy = false;
      resetVoice(connection);
    });
  }

  /** The client tool `name` of the agent `id`, as its last create or update gave it. */
  function clientTool(id: string, name: string): AgentTool | undefined {
    const config = agents.get(id)?.conversation_config as { agent?: { prompt?: { tools?: unknown } } } | undefined;
    const tools = config?.agent?.prompt?.tools;
    if (!Array.isArray(tools)) return undefined;
    return (tools as Array<AgentTool | null>).find((tool) => tool?.type === 'client' && tool.name === name) ?? undefined;
  }

  /** Why the agent `id` would never make `call` (it has no such tool, or the tool does not allow the parameters), or null. */
  function refusal(id: string, call: ScriptedToolCall): string | null {
    if (!agents.has(id)) return `The double holds no agent ${id}: create it through the agent API first`;
    const tool = clientTool(id, call.tool_name);
    if (!tool) return `The agent ${id} has no client tool ${call.tool_name}`;
    const mismatch = parameterMismatch(tool.parameters, call.parameters ?? {});
    return mismatch && `${call.tool_name}: ${mismatch}`;
  }

  /** Queues a step once the agent it would play with could make its calls; else throws why not. */
  function queue(step: ScriptStep): number {
    const calls: unknown = step.toolCalls;
    if (!Array.isArray(calls) || !calls.every(isScriptedCall)) throw new Error(SCRIPT_SHAPE);
    const ids = calls.flatMap((call) => call.tool_call_id ?? []);
    if (new Set(ids).size < ids.length) throw new Error('Each scripted tool_call_id of a step must differ');
    const agent = [...open].at(-1)?.conversation.agent_id ?? agentId;
    for (const call of calls) {
      const refused = refusal(agent, call);
      if (refused) throw new Error(refused);
    }
    script.push(step);
    return script.length;
  }

  function recordResult(connection: Connection, toolCallId: string, answer: ToolAnswer, timedOut: boolean): void {
    record.toolResults.push({
      conversation_id: connection.conversation.conversation_id,
      tool_call_id: toolCallId,
      ...answer,
      timed_out: timedOut,
      received_at: new Date().toISOString(),
    });
  }

  /** Sends the call and resolves with its result (or the timeout's error); null, not sent, when the conversation's agent would not make it. */
  function callTool(connection: Connection, call: ScriptedToolCall): Promise<ToolAnswer> | null {
    const { conversation_id: conversationId, agent_id: agent } = connection.conversation;
    const parameters = call.parameters ?? {};
    const refused = refusal(agent, call);
    if (refused) {
      record.refusedCalls.push({ conversation_id: conversationId, tool_name: call.tool_name, parameters, reason: refused, at: new Date().toISOString() });
      return null;
    }
    const toolCallId = call.tool_call_id ?? `toolu_${randomBytes(12).toString('hex')}`;
    const toolTimeout = clientTool(agent, call.tool_name)?.response_timeout_secs;
    const timeoutSecs = typeof toolTimeout === 'number' && toolTimeout > 0 ? toolTimeout : DEFAULT_RESPONSE_TIMEOUT_SECS;
    const answered = new Promise<ToolAnswer>((resolve) => {
      const timer = setTimeout(() => {
        const timedOut = { result: `The tool ${call.tool_name} timed out after ${timeoutSecs} s without a result`, is_error: true };
        recordResult(connection, toolCallId, timedOut, true);
        finish(timedOut);
      }, timeoutSecs * 1000);
      const finish = (answer: ToolAnswer) => {
        clearTimeout(timer);
        connection.waiting.delete(toolCallId);
        resolve(answer);
      };
      connection.waiting.set(toolCallId, finish);
    });
    record.toolCalls.push({
      conversation_id: conversationId,
      tool_call_id: toolCallId,
      tool_name: call.tool_name,
      parameters,
      sent_at: new Date().toISOString(),
    });
    send(connection, {
      type: 'client_tool_call',
      client_tool_call: { tool_name: call.tool_name, tool_call_id: toolCallId, parameters, event_id: nextEventId(connection) },
    });
    return answered;
  }

  function respond(connection: Connection, text: string): void {
    send(connection, { type: 'agent_response', agent_response_event: { agent_response: text, event_id: nextEventId(connection) } });
    send(connection, { type: 'audio', audio_event: { audio_base_64: CLIP, event_id: nextEventId(connection) } });
  }

  /** The client's initiation data: the overrides its agent allows start the conversation, any other closes it. */
  function initiate(connection: Connection, message: Record<string, unknown>): void {
    if (connection.started) return;
    const agent = agents.get(connection.conversation.agent_id);
    const allowed = (agent?.platform_settings as { overrides?: { conversation_config_override?: unknown } } | undefined)?.overrides
      ?.conversation_config_override;
    const refused = refusedOverride(message.conversation_config_override, allowed);
    if (refused) {
      closeFromServer(connection, 1008, overrideRefusal(refused));
      return;
    }
    connection.started = true;
    connection.conversation.dynamic_variables = (message.dynamic_variables as Record<string, unknown> | undefined) ?? {};
    connection.conversation.overrides = (message.conversation_config_override as Record<string, unknown> | undefined) ?? null;
    send(connection, {
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: connection.conversation.conversation_id,
        agent_output_audio_format: FORMAT,
        user_input_audio_format: FORMAT,
      },
    });
  }

  function onMessage(connection: Connection, raw: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      record.invalidMessages.push(raw.slice(0, 200));
      return;
    }
    if ('user_audio_chunk' in message) return onAudio(connection, message.user_audio_chunk);
    switch (message.type) {
      case 'conversation_initiation_client_data':
        return initiate(connection, message);
      case 'user_message':
        if (typeof message.text === 'string' && message.text.trim()) takeTurn(connection, { kind: 'text', text: message.text.trim() });
        return;
      case 'client_tool_result': {
        const toolCallId = String(message.tool_call_id);
        const finish = connection.waiting.get(toolCallId);
        // The turn has gone on without a result that came too late (or for no call it sent).
        if (!finish) return void record.invalidMessages.push(raw.slice(0, 200));
        const answer = { result: message.result, is_error: message.is_error === true };
        recordResult(connection, toolCallId, answer, false);
        finish(answer);
        return;
      }
      case 'pong':
        record.pongs += 1;
        return;
      case 'user_activity':
      case 'contextual_update':
        return;
      default:
        record.invalidMessages.push(raw.slice(0, 200));
    }
  }

  function accept(socket: WebSocket, agent: string): void {
    record.connections += 1;
    const conversation: Conversation = {
      conversation_id: `conv_${randomBytes(10).toString('hex')}`,
      agent_id: agent,
      opened_at: new Date().toISOString(),
      dynamic_variables: null,
      overrides: null,
      closed: null,
    };
    record.conversations.push(conversation);
    const connection: Connection = {
      socket,
      conversation,
      eventId: 0,
      busy: false,
      turns: Promise.resolve(),
      frame: [],
      voicedMs: 0,
      silenceMs: 0,
      utteranceMs: 0,
      waiting: new Map(),
      started: false,
      pingTimer: setInterval(() => send(connection, { type: 'ping', ping_event: { event_id: nextEventId(connection), ping_ms: null } }), pingIntervalMs),
    };
    open.add(connection);
    socket.on('message', (data) => onMessage(connection, String(data)));
    socket.on('close', (code, reason) => {
      clearInterval(connection.pingTimer);
      clearTimeout(connection.quietTimer);
      for (const finish of connection.waiting.values()) finish({ result: 'The conversation closed', is_error: true });
      conversation.closed ??= { code, reason: reason.toString(), by: 'client' };
      open.delete(connection);
    });
  }

  /** Closes every open conversation. */
  function close(code = 1000, reason = ''): number {
    const count = open.size;
    for (const connection of open) closeFromServer(connection, code, reason);
    return count;
  }

  /**
   * Closes one conversation from the agent's side, recorded as sent at once: the page may act on
   * the close frame before the closing handshake ends here. 1006 drops the connection (no close
   * frame), 1005 closes without a code.
   */
  function closeFromServer(connection: Connection, code: number, reason = ''): void {
    connection.conversation.closed = { code, reason, by: 'server' };
    if (code === 1006) connection.socket.terminate();
    else if (code === 1005) connection.socket.close();
    else connection.socket.close(code, reason);
  }

  // ---- HTTP ----

  const sockets = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has('convai') ? 'convai' : false) });
  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => reply(response, 500, { detail: String(error) }));
  });

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = `${request.method} ${url.pathname}`;
    if (url.pathname.startsWith('/__double/')) return control(route, await readJson(request), response);
    if (request.headers['xi-api-key'] !== apiKey) {
      return reply(response, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    const agentNotFound = () => reply(response, 404, { detail: { status: 'agent_not_found', message: 'Agent not found' } });
    if (route === 'GET /v1/convai/conversation/get-signed-url') {
      const requested = url.searchParams.get('agent_id') ?? '';
      if (!agents.has(requested)) return agentNotFound();
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return reply(response, 200, { signed_url: `${wsUrl}${CONVERSATION_PATH}?agent_id=${encodeURIComponent(requested)}&token=${token}` });
    }
    const agentPath = /^(POST \/v1\/convai\/agents\/create|PATCH \/v1\/convai\/agents\/([^/]+))$/.exec(route);
    if (agentPath) {
      const body = await readJson(request);
      const updated = agentPath[2] ? decodeURIComponent(agentPath[2]) : null;
      if (updated !== null && !agents.has(updated)) return agentNotFound();
      // A create needs its conversation config (ElevenLabs answers 422 for a body without one).
      if (updated === null && typeof body.conversation_config !== 'object') {
        return reply(response, 422, { detail: [{ loc: ['body', 'conversation_config'], msg: 'Field required', type: 'missing' }] });
      }
      const id = updated ?? (agents.has(agentId) ? `agent_${randomBytes(12).toString('hex')}` : agentId);
      // A PATCH changes the fields it names and keeps the others.
      agents.set(id, { ...agents.get(id), ...body });
      record.agents.push({ method: request.method!, agent_id: id, body });
      return reply(response, 200, { agent_id: id });
    }
    reply(response, 404, { detail: `${route} is not served by the double` });
  }

  function control(route: string, body: Record<string, unknown>, response: ServerResponse): void {
    switch (route) {
      case 'POST /__double/script': {
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        try {
          const queued = queue({ toolCalls: body.toolCalls as ScriptedToolCall[], transcript: text(body.transcript), response: text(body.response) });
          return reply(response, 200, { queued });
        } catch (error) {
          return reply(response, 400, { detail: (error as Error).message });
        }
      }
      case 'GET /__double/state':
        return reply(response, 200, state());
      case 'POST /__double/close':
        return reply(response, 200, { closed: close(Number(body.code ?? 1000), String(body.reason ?? '')) });
      case 'POST /__double/reset':
        reset();
        return reply(response, 200, { reset: true });
      default:
        reply(response, 404, { detail: `${route} is not a knob of the double` });
    }
  }

  function reset(): void {
    script.length = 0;
    record = emptyRecord();
  }

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const token = url.searchParams.get('token');
    if (url.pathname !== CONVERSATION_PATH || !token || !tokens.has(token)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => accept(ws, url.searchParams.get('agent_id') ?? agentId));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const httpUrl = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;

  return {
    httpUrl,
    port,
    apiKey,
    agentId,
    /** Where the agent script and functions/voice reach the double; ELEVENLABS_AGENT_ID comes from creating the agent. */
    apiEnv: { ELEVENLABS_API_BASE: httpUrl, ELEVENLABS_API_KEY: apiKey },
    /** Queues the answer to the next turn; throws if the agent could not make its calls. */
    script: (step: ScriptStep) => void queue(step),
    state,
    close,
    reset,
    /** Resolves once `check` holds for the state (polling every 20 ms), or fails after `timeoutMs`. */
    async waitFor(check: (current: ReturnType<typeof state>) => boolean, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(state())) {
        if (Date.now() > deadline) throw new Error(`the double did not reach the awaited state: ${JSON.stringify(state())}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return state();
    },
    async stop(): Promise<void> {
      for (const connection of open) connection.socket.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ElevenLabsDouble = Awaited<ReturnType<typeof startElevenLabsDouble>>;

/** The answer when nothing is scripted: a few typed requests a person can try, else a hint. */
function defaultStep(text: string): ScriptStep {
  const named = /^create (?:a |an )?(task|goal)(?: (?:to|called|named))? (.+?)[.!]?$/i.exec(text);
  if (named) {
    const tool = named[1]!.toLowerCase() === 'task' ? 'createTask' : 'createGoal';
    return { toolCalls: [{ tool_name: tool, parameters: { title: named[2]!.trim() } }] };
  }
  const listed = /\blist (?:my |all )?(tasks|goals|events|tags)\b/i.exec(text);
  if (listed) return { toolCalls: [{ tool_name: `list${capitalise(listed[1]!.toLowerCase())}` }] };
  return { toolCalls: [], response: DOUBLE_HINT };
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function summary(step: ScriptStep, answers: readonly ToolAnswer[]): string {
  if (step.toolCalls.length === 0) return DOUBLE_HINT;
  const failed = answers.find((answer) => answer.is_error);
  return failed ? `Sorry, that did not work: ${String(failed.result)}` : 'Done.';
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A quiet 440 Hz beep of 0.3 s: the agent "speaking" (so the client switches to speaking and back). */
const CLIP = (() => {
  const samples = Math.round(SAMPLE_RATE * 0.3);
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / SAMPLE_RATE) * 0.05 * 32767), index * 2);
  }
  return pcm.toString('base64');
})();
