import type { DisconnectionDetails, Mode } from '@elevenlabs/client';
import { MICROPHONE } from '../../../../../shared/constants';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../../../../shared/dates';
import { ASSISTANT_TOOL_NAMES } from '../../../../../shared/assistant-tools';
import { TOOL_CALL_SEQUENCE_MAX } from '../../../../../shared/tool-calls';
import type { ToolCall } from '../../../../../shared/tool-calls.schema';
import { VOICE_MESSAGES } from '../../../../../shared/messages';
import { assistantGreeting, LANGUAGE_NAMES } from '../../../../../shared/voice';
import type { VoiceConfig, VoiceTemplateVars } from '../../../../../shared/voice.schema';
import { reportError } from '../../../lib/error-reporting';
import { awaitToolCall, logToolCall } from '../api/tool-calls';
import { AUDIO_WORKLETS } from './audio-worklet-paths';

/** What this client reads of ElevenLabs' client_tool_call event besides what the library passes the tool. */
interface ClientToolCallEvent {
  tool_call_id?: string;
  event_id?: number;
}

export type { Mode };

/** What a conversation tells the call around it. */
export interface ConversationEvents {
  onMode(mode: Mode): void;
  onAgentMessage(text: string): void;
  /** Every state of a tool call this client logged, as soon as it is known. */
  onToolCall(call: ToolCall): void;
  /** The conversation is over: quietly (null) or with the message to show. */
  onEnd(errorMessage: string | null): void;
}

/** One open conversation with the agent, by voice or by text alone. */
export interface LiveConversation {
  conversationId: string;
  textOnly: boolean;
  sendText(text: string): void;
  /** Tells the agent what happened on screen, without it being a turn of the person's. */
  tell(text: string): void;
  /** The audio level, 0 to 1: the louder of the microphone and the agent's voice. */
  level(): number;
  end(): Promise<void>;
}

/**
 * The client tools the conversation offers the agent: every tool of the registry, each logging its
 * call for the server to run (`run`). The agent's definition names the same tools.
 */
export function clientTools(run: (toolName: string, parameters: unknown) => Promise<string>): Record<string, (parameters: unknown) => Promise<string>> {
  return Object.fromEntries(ASSISTANT_TOOL_NAMES.map((name) => [name, (parameters: unknown) => run(name, parameters)]));
}

/** The dynamic variables the agent's prompt reads: today in the user's time zone, now, the zone, the name and the language. */
export function callVariables(now: Date, vars: VoiceTemplateVars): Record<string, string> {
  const timeZone = vars.user_tz || DEFAULT_TIME_ZONE;
  return {
    today_date: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(now),
    today_iso: calendarDay(now, timeZone),
    now_iso: now.toISOString(),
    user_tz: timeZone,
    user_name: vars.user_name,
    user_language: LANGUAGE_NAMES[vars.user_lang],
  };
}

/** Close codes that end a call normally; any other close is a lost connection. */
const QUIET_CLOSE_CODES = new Set([1000, 1001, 1005]);
/**
 * ElevenLabs closes with 1008 (policy violation) when it refuses a conversation: an override the
 * agent does not allow, a quota, a key. No connection check helps, so it is not told as one.
 */
const REFUSED_CLOSE_CODE = 1008;

function logRefusal(closeCode: number | undefined, closeReason: string | undefined): void {
  console.error('Voice agent refused the conversation:', closeCode, closeReason ?? '');
}

/** What to tell the user when a conversation ends: nothing for a normal end. */
export function endMessage(details: DisconnectionDetails): string | null {
  if (details.reason !== 'error') return null;
  if (details.closeCode === undefined) return VOICE_MESSAGES.socketError;
  if (details.closeCode === REFUSED_CLOSE_CODE) {
    logRefusal(details.closeCode, details.closeReason);
    return VOICE_MESSAGES.agentUnavailable;
  }
  return QUIET_CLOSE_CODES.has(details.closeCode) ? null : VOICE_MESSAGES.connectionLost;
}

/** Of what the voice client tells with an error, the names and codes it sets (a server error's type and code, a client tool's name): never its texts. */
export function voiceErrorKind(context: unknown): { errorType?: string; code?: number; tool?: string } {
  const { errorType, code, clientToolName } = (typeof context === 'object' && context !== null ? context : {}) as Record<string, unknown>;
  return {
    ...(typeof errorType === 'string' ? { errorType } : {}),
    ...(typeof code === 'number' ? { code } : {}),
    ...(typeof clientToolName === 'string' ? { tool: clientToolName } : {}),
  };
}

/**
 * The errors no new attempt mends: no agent configured, no valid session, the server's voice
 * function missing. While one shows, the call button waits until it is dismissed. Any other error
 * (a lost connection, a microphone found again, a refusal the person can fix) leaves the button
 * usable, and the next click starts a new call.
 */
const BLOCKING_ERRORS: ReadonlySet<string> = new Set([
  VOICE_MESSAGES.notConfigured,
  VOICE_MESSAGES.configNotFound,
  VOICE_MESSAGES.configUnauthorized,
  VOICE_MESSAGES.configIncomplete,
  VOICE_MESSAGES.noSession,
  VOICE_MESSAGES.userNotAuthenticated,
  VOICE_MESSAGES.authenticationError,
]);

export const blocksNewCall = (error: string | null): boolean => error !== null && BLOCKING_ERRORS.has(error);

/** A call started with nobody signed in says so in the call start's words; the configuration fetch's own text stays in the logged error. */
const CALL_START_TEXTS = new Map<string, string>([[VOICE_MESSAGES.noSession, VOICE_MESSAGES.userNotAuthenticated]]);

/**
 * A call that could not start is reported when the connection failed or the cause is unknown; the
 * microphone's refusals and the API's answers (lib/api.ts reports its 5xx) are not failures of ours.
 */
export function reportStartFailure(error: unknown): void {
  const message = startErrorMessage(error);
  if (message === VOICE_MESSAGES.socketCreateFailed || message === VOICE_MESSAGES.agentUnavailable || message === VOICE_MESSAGES.startFailed) {
    reportError(error, { area: 'voice', stage: 'start', closeCode: (error as { closeCode?: number } | null)?.closeCode });
  }
}

/** What to tell the user when a call could not start (the microphone texts are ours). */
export function startErrorMessage(error: unknown): string {
  const { name = '', message = '' } = error instanceof Error || error instanceof DOMException ? error : {};
  switch (name) {
    case 'VoiceError':
      return CALL_START_TEXTS.get(message) ?? message;
    case 'NotAllowedError':
    case 'SecurityError':
      // Chrome says "Permission dismissed" when the prompt was closed without an answer.
      return /dismiss/i.test(message) ? VOICE_MESSAGES.microphoneDismissed : VOICE_MESSAGES.microphoneDenied;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return VOICE_MESSAGES.microphoneNotFound;
    case 'NotReadableError':
    case 'AbortError':
      return VOICE_MESSAGES.microphoneInUse;
    case 'SessionConnectionError': {
      // Closed by the service before the session started (with its code and reason), or never reached.
      const { closeCode, closeReason } = error as { closeCode?: number; closeReason?: string };
      if (closeCode !== REFUSED_CLOSE_CODE) return VOICE_MESSAGES.socketCreateFailed;
      logRefusal(closeCode, closeReason);
      return VOICE_MESSAGES.agentUnavailable;
    }
    default:
      return VOICE_MESSAGES.startFailed;
  }
}

/** @elevenlabs/client, loaded only when a call starts: it bundles LiveKit, far too big for a first visit. */
export const loadConversationLibrary = () => import('@elevenlabs/client');

/**
 * Asks for the microphone with these settings (16 kHz mono, echo cancellation, noise
 * suppression, auto gain) before anything else, so a refusal shows at once and the library's own
 * request, made with the same settings at the agent's input rate, finds it granted.
 */
export function openMicrophone(): Promise<MediaStream> {
  const { processorBufferSize: _libraryOwned, ...constraints } = MICROPHONE;
  return navigator.mediaDevices.getUserMedia({ audio: constraints });
}

/**
 * Opens a conversation over a WebSocket to the signed URL; by voice, the library takes the
 * microphone and streams it as PCM16 at the agent's input rate (16 kHz for pcm_16000). Start
 * failures reject, after the library has released the microphone and the socket.
 */
export async function openConversation(config: VoiceConfig, textOnly: boolean, events: ConversationEvents): Promise<LiveConversation> {
  const { Conversation } = await loadConversationLibrary();
  let conversationId = '';
  // The library hands a client tool its parameters only; the tool_call_id (which makes logging the
  // call idempotent) and the event_id (the call's place in the conversation, which orders the change
  // set's lines whatever order the turn's calls reach the server in) come from the raw event, which
  // it passes to onIncomingEvent just before calling the tool, in the same turn of the event loop.
  let announced: ClientToolCallEvent | null = null;
  // The person's utterances so far: a tool call belongs to the turn it answers, whose changes make
  // one change set. A typed request starts its turn when sent; its transcript, if the agent echoes
  // it, is not another.
  let turn = 0;
  let typedEcho: string | null = null;

  async function runClientTool(toolName: string, parameters: unknown): Promise<string> {
    const { tool_call_id: toolCallId = crypto.randomUUID(), event_id: eventId } = announced ?? {};
    announced = null;
    const sequence = Number.isInteger(eventId) && eventId! >= 0 && eventId! <= TOOL_CALL_SEQUENCE_MAX ? eventId : undefined;
    const logged = await logToolCall({
      tool_call_id: toolCallId,
      conversation_id: conversationId,
      turn,
      sequence,
      tool_name: toolName,
      parameters: typeof parameters === 'object' && parameters !== null ? (parameters as Record<string, unknown>) : {},
    });
    events.onToolCall(logged);
    const finished = await awaitToolCall(logged);
    events.onToolCall(finished);
    if (finished.status === 'success') return JSON.stringify(finished.result);
    // Thrown, the library answers the agent with is_error and this text.
    throw new Error(finished.error_message ?? 'The change is still being made; check again in a moment.');
  }

  const conversation = await Conversation.startSession({
    signedUrl: config.signedUrl,
    connectionType: 'websocket',
    ...AUDIO_WORKLETS,
    textOnly,
    // The person's language, and a greeting in it (by name, or none: never "Hi ,").
    overrides: {
      agent: { language: config.templateVars.user_lang, firstMessage: assistantGreeting(config.templateVars.user_lang, config.templateVars.user_name) },
    },
    userId: config.userId,
    dynamicVariables: callVariables(new Date(), config.templateVars),
    clientTools: clientTools(runClientTool),
    onConnect: ({ conversationId: id }) => {
      conversationId = id;
    },
    onIncomingEvent: (event: { type?: string; client_tool_call?: ClientToolCallEvent }) => {
      if (event.type === 'client_tool_call') announced = event.client_tool_call ?? null;
    },
    onModeChange: ({ mode }) => events.onMode(mode),
    onMessage: ({ message, role }) => {
      if (role === 'agent') return events.onAgentMessage(message);
      if (typedEcho !== null && message.trim() === typedEcho) typedEcho = null;
      else turn += 1;
    },
    onDisconnect: (details) => {
      const message = endMessage(details);
      if (message && details.reason === 'error') reportError(new Error(message), { area: 'voice', closeCode: details.closeCode });
      events.onEnd(message);
    },
    // Errors inside a running call (a failed tool, a server notice) are logged and reported, not shown.
    // The agent's message can quote what was said or a tool's arguments, so the report says only its kind.
    onError: (message, context) => {
      console.error('Voice agent:', message, context);
      reportError(new Error('The voice agent reported an error'), { area: 'voice', ...voiceErrorKind(context) });
    },
  });
  conversationId = conversation.getId();

  return {
    conversationId,
    textOnly,
    sendText: (text) => {
      turn += 1;
      typedEcho = text.trim();
      conversation.sendUserMessage(text);
    },
    tell: (text) => conversation.sendContextualUpdate(text),
    level: () => (textOnly ? 0 : Math.max(conversation.getInputVolume(), conversation.getOutputVolume())),
    end: () => conversation.endSession(),
  };
}
