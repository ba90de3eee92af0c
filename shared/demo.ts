/**
 * The public demo: each visitor of /demo gets an account of their own, seeded with sample items,
 * made by POST /api/demo and deleted, with everything in it, a day later.
 */
export const DEMO = {
  /** Addresses of this domain belong to demo accounts: no mail is ever sent to them (.invalid never resolves). */
  emailDomain: 'demo.tempo.invalid',
  fullName: 'Demo User',
  lifetimeMs: 24 * 60 * 60_000,
  /** Demo accounts one address (an IPv6 host by its /64) may make in an hour: a classroom behind one router fits. */
  perClientPerHour: 50,
  /**
   * Demo accounts the whole stage may make in an hour, and hold at once (each is a billed Cognito
   * user with its sample items): a few hundred visitors a day fit, while a script with many
   * addresses costs at most this much. DEMO_STAGE_PER_HOUR and DEMO_ALIVE_AT_ONCE override them.
   */
  stagePerHour: 200,
  aliveAtOnce: 1_000,
  /**
   * Voice conversations one demo account may start (chat or call), counted where the server signs
   * a conversation's address. ElevenLabs ends each after VOICE_CONVERSATION_MAX_SECONDS
   * (shared/voice.ts, 10 minutes), so a demo talks for at most 20 minutes, however the browser
   * behaves. A demo connects no Google calendar at all (functions/demo/allowance.ts).
   */
  voiceConversations: 2,
} as const;

export const isDemoAddress = (email: string) => email.toLowerCase().endsWith(`@${DEMO.emailDomain}`);
