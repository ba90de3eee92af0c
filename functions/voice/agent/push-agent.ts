import { ELEVENLABS_API_DEFAULT } from '../../../shared/voice';
import { agentDefinition } from './definition';

/**
 * Creates the ElevenLabs agent from its definition here, or updates it when ELEVENLABS_AGENT_ID
 * names one: for `npm run agent` (scripts/elevenlabs-agent.ts) and for the local stack, which makes
 * its double's agent the same way. Needs ELEVENLABS_API_KEY; ELEVENLABS_API_BASE points it
 * elsewhere (the local double).
 */
export async function pushAgent(env: NodeJS.ProcessEnv): Promise<{ agentId: string; created: boolean }> {
  const apiKey = env.ELEVENLABS_API_KEY;
  if (!apiKey) throw new Error('Set ELEVENLABS_API_KEY (and ELEVENLABS_AGENT_ID to update an existing agent)');
  const base = (env.ELEVENLABS_API_BASE ?? ELEVENLABS_API_DEFAULT).replace(/\/$/, '');
  const existing = env.ELEVENLABS_AGENT_ID;
  const response = await fetch(existing ? `${base}/v1/convai/agents/${encodeURIComponent(existing)}` : `${base}/v1/convai/agents/create`, {
    method: existing ? 'PATCH' : 'POST',
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(agentDefinition()),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`ElevenLabs answered ${response.status}: ${text.slice(0, 2_000)}`);
  const { agent_id: agentId } = JSON.parse(text) as { agent_id?: string };
  return { agentId: agentId ?? existing ?? '', created: !existing };
}
