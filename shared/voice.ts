import type { Language } from './languages';

/** The configuration endpoint's own error when ElevenLabs fails (VOICE_MESSAGES in messages.ts has the texts a person reads). */
export const VOICE_API_ERRORS = {
  upstreamFailed: 'The voice service did not answer. Please try again later.',
} as const;

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

/** ElevenLabs' API, unless ELEVENLABS_API_BASE names another (the local double); its conversations' WebSockets are on its host. */
export const ELEVENLABS_API_DEFAULT = 'https://api.elevenlabs.io';

/** How long one conversation may last: ElevenLabs ends it then (the agent's max_duration_seconds; also its default). */
export const VOICE_CONVERSATION_MAX_SECONDS = 600;
