import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { mutate } from 'swr';
import type { Entity } from '../../../../../shared/item-kinds';
import { VOICE_MESSAGES } from '../../../../../shared/messages';
import type { ToolCall } from '../../../../../shared/tool-calls.schema';
import { useToast } from '../../../components/ui/toast';
import { reportAssistantProcessing } from '../../../lib/assistant-activity';
import { listCacheKey, TRASH_KEY } from '../../../lib/read-paths';
import { TOOL_CALLS_KEY, undoToolCall, useToolCalls } from '../api/tool-calls';
import { fetchVoiceConfig, saveSessionDuration } from '../api/voice-session';
import {
  blocksNewCall,
  loadConversationLibrary,
  openConversation,
  openMicrophone,
  reportStartFailure,
  startErrorMessage,
  type LiveConversation,
  type Mode,
} from '../lib/conversation';
import { readChangeSetNow } from '../api/change-set-reads';
import { createToolCallReflector, toolChange } from '../lib/reflect-tool-calls';
import { useAppTexts } from '../../../i18n/texts';
import { localizedError } from '../../../lib/api';
import { useOfflineStatus } from '../../../lib/offline/status';
import { toolTitle } from '../lib/tool-activity';

/** idle → starting → active (speaking or listening) → ended. */
export type CallPhase = 'idle' | 'starting' | 'active' | 'ended';

export interface CallState {
  phase: CallPhase;
  mode: Mode;
  /** A conversation by typed messages alone (no microphone). */
  textOnly: boolean;
  /** The error shown ('Voice Error' and this), until it is dismissed or a new call starts. */
  error: string | null;
  /** The agent's last words, shown under the caption. */
  agentMessage: string | null;
}

interface VoiceContextValue {
  available: boolean;
  state: CallState;
  /** An error no new attempt mends is shown (lib/conversation.ts), or there is no network: calling waits until it is dismissed, or the network is back. */
  blocked: boolean;
  /** No network and no call under way: none can start, and the controls say why (a call under way can still be ended). */
  offline: boolean;
  /** Starts a call by voice, or ends (or cancels) the one running. */
  toggle(): void;
  /** Sends a typed request into the running conversation, or starts one by text for it. */
  sendText(text: string): void;
  /** Tells the agent of the running conversation, if any, what the person did on screen. */
  tell(text: string): void;
  dismissError(): void;
  level(): number;
  /** The tool calls seen in this visit (earlier ones are history), newest first. */
  toolCalls: readonly ToolCall[];
  undo(call: ToolCall): Promise<void>;
}

const VoiceContext = createContext<VoiceContextValue | null>(null);

export function useVoice(): VoiceContextValue {
  const value = use(VoiceContext);
  if (!value) throw new Error('useVoice needs a VoiceProvider above it');
  return value;
}

/** The change set the assistant is filling: the newest tool call's. */
export function useLiveChangeSetId(): string | null {
  return useVoice().toolCalls.find((call) => call.change_set_id)?.change_set_id ?? null;
}

const NO_CALLS: readonly ToolCall[] = [];
const IDLE: CallState = { phase: 'idle', mode: 'listening', textOnly: false, error: null, agentMessage: null };

/** Puts a call's newest state in the cached list at once, without waiting for the next poll. */
function cacheToolCall(call: ToolCall) {
  void mutate(
    TOOL_CALLS_KEY,
    (list: ToolCall[] | undefined = []) =>
      list.some((known) => known.id === call.id) ? list.map((known) => (known.id === call.id ? call : known)) : [call, ...list],
    { revalidate: false },
  );
}

/**
 * The assistant for the signed-in app: one call that outlives page changes, the tool calls polled
 * every second while a call runs or one is pending, and their reflection in the lists. `available`
 * is false when no agent is configured: starting then says so.
 */
export function VoiceProvider({ available, children }: { available: boolean; children: ReactNode }) {
  const texts = useAppTexts();
  const showToast = useToast();
  const [state, setState] = useState<CallState>(IDLE);
  const live = useRef<LiveConversation | null>(null);
  /** Bumped by every start and cancel, so a start that was given up on stands down when it lands. */
  const attempt = useRef(0);
  const reflector = useMemo(() => createToolCallReflector(), []);

  /** Typed requests made before the conversation was open, sent once it is. */
  const queuedTexts = useRef<string[]>([]);
  const calling = state.phase === 'starting' || state.phase === 'active';
  const offline = !useOfflineStatus().online && !calling;
  const blocked = blocksNewCall(state.error) || offline;
  const { data: polledCalls } = useToolCalls(calling);
  const allCalls = polledCalls ?? NO_CALLS;

  useEffect(() => {
    // Until the first list has come, nothing is known of what is history.
    if (!polledCalls) return;
    reflector.reflectList(polledCalls);
    const busy = new Set<Entity>();
    for (const call of polledCalls) {
      const change = call.status === 'pending' ? toolChange(call) : null;
      if (change) busy.add(change.entity);
    }
    reportAssistantProcessing(busy);
  }, [polledCalls, reflector]);

  const start = useCallback(
    async (textOnly: boolean) => {
      if (!available) {
        setState({ ...IDLE, error: VOICE_MESSAGES.notConfigured });
        return;
      }
      const mine = ++attempt.current;
      setState({ ...IDLE, phase: 'starting', textOnly });
      let startedAt = 0;
      // The library loads while the microphone is asked for; the configuration is fetched once it is
      // granted, because fetching it records a voice session, and a refused call is none.
      const microphone = textOnly ? Promise.resolve(null) : openMicrophone();
      try {
        const [config] = await Promise.all([microphone.then(() => fetchVoiceConfig()), loadConversationLibrary()]);
        if (mine !== attempt.current) return;
        const conversation = await openConversation(config, textOnly, {
          onMode: (mode) => setState((current) => ({ ...current, mode })),
          onAgentMessage: (text) => setState((current) => ({ ...current, agentMessage: text })),
          onToolCall: (call) => {
            cacheToolCall(call);
            reflector.reflect(call);
            // A plan's proposal, or the answer to one, is drawn from its change set: read it now.
            if (call.status === 'success' && call.result && 'change_set_id' in call.result) readChangeSetNow(call.result.change_set_id);
          },
          onEnd: (errorMessage) => {
            if (live.current !== conversation) return;
            live.current = null;
            const seconds = Math.round((Date.now() - startedAt) / 1000);
            saveSessionDuration(config.sessionId, conversation.conversationId, seconds).catch((error: unknown) =>
              console.error('Could not save the call duration', error),
            );
            setState((current) => ({ ...current, phase: 'ended', error: errorMessage }));
          },
        });
        if (mine !== attempt.current) {
          await conversation.end();
          return;
        }
        live.current = conversation;
        startedAt = Date.now();
        setState((current) => ({ ...current, phase: 'active' }));
        for (const text of queuedTexts.current.splice(0)) conversation.sendText(text);
      } catch (error) {
        if (mine !== attempt.current) return;
        queuedTexts.current = [];
        // Start failures are logged and shown in the panel, not thrown.
        console.error('The voice call could not start', error);
        reportStartFailure(error);
        setState({ ...IDLE, textOnly, error: startErrorMessage(error) });
      } finally {
        // The library holds its own stream by now; this one only asked.
        for (const track of (await microphone.catch(() => null))?.getTracks() ?? []) track.stop();
      }
    },
    [available, reflector],
  );

  const stop = useCallback(() => {
    attempt.current++;
    const conversation = live.current;
    if (conversation) void conversation.end();
    else setState((current) => ({ ...current, phase: 'idle' }));
  }, []);

  // Leaving the signed-in app (signing out) ends the call.
  useEffect(() => () => stop(), [stop]);

  const undo = useCallback(
    async (call: ToolCall) => {
      try {
        cacheToolCall(await undoToolCall(call.id));
        const change = toolChange(call);
        if (change) await Promise.all([mutate(listCacheKey(change.kind)), mutate(TRASH_KEY)]);
        showToast({ tone: 'success', title: texts.voiceErrors.undone, description: toolTitle(call.tool_name, texts) });
      } catch (error) {
        showToast({ tone: 'error', title: texts.voiceErrors.undoFailed, description: localizedError(error, texts, '') || undefined });
      }
    },
    [showToast, texts],
  );

  const value = useMemo<VoiceContextValue>(
    () => ({
      available,
      state,
      blocked,
      offline,
      toggle: () => {
        if (blocked) return;
        if (calling) stop();
        else void start(false);
      },
      sendText: (text) => {
        if (live.current) {
          live.current.sendText(text);
          return;
        }
        queuedTexts.current.push(text);
        if (state.phase !== 'starting') void start(true);
      },
      tell: (text) => live.current?.tell(text),
      dismissError: () => setState(IDLE),
      level: () => live.current?.level() ?? 0,
      toolCalls: allCalls.filter((call) => !reflector.isHistory(call.id)),
      undo,
    }),
    [available, state, blocked, offline, calling, stop, start, allCalls, reflector, undo],
  );

  return <VoiceContext value={value}>{children}</VoiceContext>;
}
