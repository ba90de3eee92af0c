import { z } from 'zod';
import { LANGUAGES } from './languages';
import { clientId } from './text.schema';
import { TOOL_CALL_ID_MAX } from './tool-calls';

/**
 * The dynamic variables the server fills in (user_name '' for no name, user_lang the person's
 * language); the client adds today_date, today_iso, now_iso and user_language.
 */
export const VoiceTemplateVarsSchema = z.object({ user_name: z.string(), user_tz: z.string(), user_lang: z.enum(LANGUAGES) });
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
  conversation_id: clientId(TOOL_CALL_ID_MAX).optional(),
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
