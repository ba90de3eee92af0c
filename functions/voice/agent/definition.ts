import type { conversationalAi } from '@elevenlabs/elevenlabs-js/serialization/resources';
import { VOICE_CONVERSATION_MAX_SECONDS } from '../../../shared/voice';
import { DEFAULT_TIME_ZONE } from '../../../shared/dates';
import { AGENT_PROMPT, FIRST_MESSAGE } from './prompt';
import { CLIENT_TOOLS } from './tools';

/** The request body's wire form (snake_case), from the official SDK: a misspelt field or enum fails to compile. */
export type AgentDefinition = conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost.Raw;

/** The dynamic variables the prompt uses, with stand-ins for trying the agent in ElevenLabs' console. */
const PLACEHOLDERS = {
  user_name: 'there',
  user_language: 'English',
  user_tz: DEFAULT_TIME_ZONE,
  today_date: 'Monday, January 5, 2026',
  today_iso: '2026-01-05',
  now_iso: '2026-01-05T09:00:00Z',
};

/** The body of POST /v1/convai/agents/create and PATCH /v1/convai/agents/{id}. */
export function agentDefinition(name = 'Tempo assistant') {
  return {
    name,
    conversation_config: {
      agent: {
        first_message: FIRST_MESSAGE,
        language: 'en',
        dynamic_variables: { dynamic_variable_placeholders: PLACEHOLDERS },
        prompt: { prompt: AGENT_PROMPT, tools: [...CLIENT_TOOLS] },
      },
      // The SPA's microphone sends 16 kHz PCM16, and plays what comes back at the same rate.
      asr: { user_input_audio_format: 'pcm_16000' },
      // A multilingual model: the conversation's language follows the person's (English-only models refuse es, fr, de).
      tts: { model_id: 'eleven_flash_v2_5', agent_output_audio_format: 'pcm_16000' },
      conversation: {
        // Every conversation ends by then, whatever the browser does: the bound on a demo account's minutes (shared/demo.ts).
        max_duration_seconds: VOICE_CONVERSATION_MAX_SECONDS,
        client_events: [
          'conversation_initiation_metadata',
          'audio',
          'interruption',
          'user_transcript',
          'agent_response',
          'agent_response_correction',
          'client_tool_call',
          'ping',
        ],
      },
    },
    // ElevenLabs refuses a conversation that overrides a field not enabled here (close 1008). The
    // client sends text_only on every start (false for a call, true for typed chat); the agent's
    // language and first message follow the person's language.
    platform_settings: {
      overrides: {
        conversation_config_override: {
          conversation: { text_only: true },
          agent: { language: true, first_message: true },
        },
      },
    },
  } satisfies AgentDefinition;
}
