import { CONFIG_FETCH } from '../../../../../shared/constants';
import { VOICE_MESSAGES } from '../../../../../shared/messages';
import type { VoiceConfig } from '../../../../../shared/voice.schema';
import { apiRequest } from '../../../lib/api';
import { sessionIdToken } from '../../../lib/session';

/** A failure to say to the user as it is: its message is one of VOICE_MESSAGES. */
export class VoiceError extends Error {
  override name = 'VoiceError';
}

const CONFIG_PATH = '/api/voice/config';
const NOT_CONFIGURED_CODE = 'voice_not_configured';
const DEMO_LIMIT_CODE = 'demo_limit';

/** Resolves after `ms`; the schedule's waits go through it so tests can run them on fake timers. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The call's configuration and a freshly signed conversation URL: each
 * attempt times out after 10 s; network failures and 5xx answers are tried 3 times in all, 2 s then
 * 4 s apart; every failure is a VoiceError with its text. A preflight OPTIONS
 * request is what a browser sends before a cross-origin call; the API is on this origin, so none is made.
 */
export async function fetchVoiceConfig(idToken: () => Promise<string | null> = sessionIdToken): Promise<VoiceConfig> {
  // A session that is there but cannot give a token (its refresh refused) needs a new sign-in.
  const token = await idToken().catch(() => {
    throw new VoiceError(VOICE_MESSAGES.authenticationError);
  });
  if (!token) throw new VoiceError(VOICE_MESSAGES.noSession);

  for (let attempt = 1; ; attempt++) {
    const retryAfter = CONFIG_FETCH.backoffMs[attempt - 1];
    const mayRetry = attempt < CONFIG_FETCH.attempts && retryAfter !== undefined;
    let response: Response;
    try {
      response = await fetchWithTimeout(CONFIG_PATH, token);
    } catch {
      if (mayRetry) {
        await pause(retryAfter);
        continue;
      }
      throw new VoiceError(VOICE_MESSAGES.startFailed);
    }
    if (response.ok) return readConfig(response);
    const body: unknown = await response.json().catch(() => null);
    if (errorCode(body) === NOT_CONFIGURED_CODE) throw new VoiceError(VOICE_MESSAGES.notConfigured);
    // The person's hourly quota of calls, or a demo account's allowance: the server's text says so.
    const quotaRefusal = response.status === 429 || errorCode(body) === DEMO_LIMIT_CODE ? errorMessage(body) : undefined;
    if (quotaRefusal) throw new VoiceError(quotaRefusal);
    if (response.status >= 500 && mayRetry) {
      await pause(retryAfter);
      continue;
    }
    throw new VoiceError(configErrorMessage(response.status, response.statusText));
  }
}

/** The text for a failed configuration answer: not found, signed out, a server error, or the status itself. */
export function configErrorMessage(status: number, statusText: string): string {
  if (status === 404) return VOICE_MESSAGES.configNotFound;
  if (status === 401) return VOICE_MESSAGES.configUnauthorized;
  if (status >= 500) return VOICE_MESSAGES.configServerError;
  return VOICE_MESSAGES.configFailed(status, statusText);
}

async function fetchWithTimeout(path: string, token: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONFIG_FETCH.timeoutMs);
  try {
    return await fetch(path, { headers: { accept: 'application/json', authorization: `Bearer ${token}` }, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

async function readConfig(response: Response): Promise<VoiceConfig> {
  // The schema (and zod with it) loads with the first call, not with the page.
  const { VoiceConfigSchema } = await import('../../../../../shared/voice.schema');
  const parsed = VoiceConfigSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success || !parsed.data.agentId || !parsed.data.signedUrl) throw new VoiceError(VOICE_MESSAGES.configIncomplete);
  return parsed.data;
}

/** The code of either error shape: the API's `{ error: { code } }` or a bare `{ code }`. */
function errorCode(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, error } = body as { code?: unknown; error?: { code?: unknown } };
  return code ?? error?.code;
}

function errorMessage(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** Records how long the call lasted, once it has ended. */
export async function saveSessionDuration(sessionId: string, conversationId: string | null, durationSeconds: number): Promise<void> {
  await apiRequest(`/api/voice/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'PATCH',
    body: { ...(conversationId ? { conversation_id: conversationId } : {}), duration_seconds: durationSeconds },
    signedIn: true,
  });
}
