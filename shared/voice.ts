import { z } from 'zod';
import { LANGUAGES, type Language } from './languages';

/** The configuration endpoint's own error when ElevenLabs fails (VOICE_MESSAGES in messages.ts has the spec's texts). */
export const VOICE_API_ERRORS = {
  upstreamFailed: 'The voice service did not answer. Please try again later.',
} as const;

/**
 * The dynamic variables the server fills in (user_name '' for no name, user_lang the person's
 * language); the client adds today_date, today_iso, now_iso and user_language.
 */
export const VoiceTemplateVarsSchema = z.object({ user_name: z.string(), user_tz: z.string(), user_lang: z.enum(LANGUAGES) });

/** Each language's name in English, for the agent's prompt ("Speak Spanish"). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };

/**
 * The assistant's first words in the person's language, by name when there is one to use
 * (shared/person.ts). Addressed as the rest of the product addresses people: tú in Spanish, vous
 * in French, du in German.
 */
const GREETINGS: Record<Language, { named: (name: string) => string; unnamed: string }> = {
  en: { named: (name) => `Hi ${name}, what would you like to get done?`, unnamed: 'Hi, what would you like to get done?' },
  es: { named: (name) => `¡Hola, ${name}! ¿Qué quieres hacer hoy?`, unnamed: '¡Hola! ¿Qué quieres hacer hoy?' },
  fr: { named: (name) => `Bonjour ${name}, que souhaitez-vous faire aujourd’hui\u202f?`, unnamed: 'Bonjour, que souhaitez-vous faire aujourd’hui\u202f?' },
  de: { named: (name) => `Hallo ${name}, was möchtest du heute erledigen?`, unnamed: 'Hallo, was möchtest du heute erledigen?' },
};

export function assistantGreeting(language: Language, name: string): string {
  return name ? GREETINGS[language].named(name) : GREETINGS[language].unnamed;
}
export type VoiceTemplateVars = z.infer<typeof VoiceTemplateVarsSchema>;

/** GET /api/voice/config: how to open one conversation, and the voice session it is recorded as. */
export const VoiceConfigSchema = z.object({
  agentId: z.string(),
  signedUrl: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  templateVars: VoiceTemplateVarsSchema,
});
export type VoiceConfig = z.infer<typeof VoiceConfigSchema>;

/** What the client saves when a call ends: its real length, and the conversation once known ('' while not). */
export const VoiceSessionUpdateSchema = z.strictObject({
  conversation_id: z.string().max(200, 'Must be at most 200 characters').optional(),
  duration_seconds: z
    .number({ error: 'Duration must be a whole number of seconds' })
    .int('Duration must be a whole number of seconds')
    .min(0, 'Duration cannot be negative')
    .max(24 * 3600, 'Duration must be at most a day'),
});
export type VoiceSessionUpdate = z.infer<typeof VoiceSessionUpdateSchema>;

/** voice_sessions: one per call started; duration 0 until the client saves it. */
export const VoiceSessionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  conversation_id: z.string().nullable(),
  agent_id: z.string(),
  duration: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VoiceSession = z.infer<typeof VoiceSessionSchema>;

/** ElevenLabs' API, unless ELEVENLABS_API_BASE names another (the local double); its conversations' WebSockets are on its host. */
export const ELEVENLABS_API_DEFAULT = 'https://api.elevenlabs.io';
