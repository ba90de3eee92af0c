import { pushAgent } from '../functions/voice/agent/push-agent';

/** `npm run agent`: creates the ElevenLabs agent from functions/voice/agent/, or updates the one ELEVENLABS_AGENT_ID names. */
try {
  const { agentId, created } = await pushAgent(process.env);
  console.log(`${created ? 'Created' : 'Updated'} the ElevenLabs agent ${agentId}.`);
  if (created) console.log(`Set ELEVENLABS_AGENT_ID=${agentId} locally, or deploy with -c elevenLabsAgentId=${agentId} (docs/deploy.md).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
