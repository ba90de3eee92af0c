import { pathToFileURL } from 'node:url';
import { agentDefinition } from '../functions/voice/agent/definition';
import { ELEVENLABS_API_DEFAULT } from '../shared/voice';

/**
 * `npm run agent`: creates the ElevenLabs agent from its definition in the repository
 * (functions/voice/agent/), or updates it when ELEVENLABS_AGENT_ID names one. Needs
 * ELEVENLABS_API_KEY; ELEVENLABS_API_BASE points it elsewhere (the local double).
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { agentId, created } = await pushAgent(process.env);
    console.log(`${created ? 'Created' : 'Updated'} the ElevenLabs agent ${agentId}.`);
    if (created) console.log(`Set ELEVENLABS_AGENT_ID=${agentId} locally, or deploy with -c elevenLabsAgentId=${agentId} (docs/deploy.md).`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
