import { VOICE_MESSAGES } from '../../shared/messages';
import { ELEVENLABS_API_DEFAULT, VOICE_API_ERRORS } from '../../shared/voice';
import { HttpError } from '../platform/errors';
import { log } from '../platform/log';
import { loadSecrets } from '../platform/secrets';

/**
 * Where the ElevenLabs agent is and the key to it. ELEVENLABS_API_BASE points at the local double
 * in tests and with ELEVENLABS_DOUBLE=1; the key comes from Secrets Manager in AWS.
 */
const SIGNED_URL_TIMEOUT_MS = 8_000;

// At cold start, before any ElevenLabs call.
await loadSecrets(['ELEVENLABS_API_KEY']);

export interface ElevenLabsAgent {
  agentId: string;
  apiKey: string;
  apiBase: string;
}

/** Voice needs an agent id and an API key (in AWS the key is read from its secret at cold start). */
export function isVoiceConfigured(): boolean {
  return Boolean(process.env.ELEVENLABS_AGENT_ID && process.env.ELEVENLABS_API_KEY);
}

/** The configured agent, or a 503 saying 'Voice agent not configured. Please contact support.' */
export function elevenLabsAgent(): ElevenLabsAgent {
  const env = process.env;
  if (!isVoiceConfigured()) {
    log.warn('ElevenLabs is not configured', { agentId: Boolean(env.ELEVENLABS_AGENT_ID), apiKey: Boolean(env.ELEVENLABS_API_KEY) });
    throw new HttpError(503, 'voice_not_configured', VOICE_MESSAGES.notConfigured);
  }
  return {
    agentId: env.ELEVENLABS_AGENT_ID!,
    apiKey: env.ELEVENLABS_API_KEY!,
    apiBase: (env.ELEVENLABS_API_BASE ?? ELEVENLABS_API_DEFAULT).replace(/\/$/, ''),
  };
}

/** Mints a signed conversation URL with a plain fetch (no SDK in the Lambda); 502 when ElevenLabs refuses or fails. */
export async function signedConversationUrl({ agentId, apiKey, apiBase }: ElevenLabsAgent): Promise<string> {
  const url = `${apiBase}/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'xi-api-key': apiKey }, signal: AbortSignal.timeout(SIGNED_URL_TIMEOUT_MS) });
  } catch (error) {
    log.error('ElevenLabs did not answer', { error });
    throw upstreamFailed();
  }
  if (!response.ok) {
    log.error('ElevenLabs refused a signed URL', { status: response.status, body: (await response.text()).slice(0, 500) });
    throw upstreamFailed();
  }
  const body = (await response.json().catch(() => null)) as { signed_url?: unknown } | null;
  if (typeof body?.signed_url !== 'string') {
    log.error('ElevenLabs answered without a signed URL');
    throw upstreamFailed();
  }
  return body.signed_url;
}

const upstreamFailed = () => new HttpError(502, 'upstream_failed', VOICE_API_ERRORS.upstreamFailed);
