import type { Language } from '../../shared/languages';

/**
 * The mail that tells a person their webhook was switched off, in their language, addressed as the
 * app addresses people (tú in Spanish, vous in French, du in German). The address is said as saved.
 */
const TEXTS: Record<Language, { subject: string; body: (url: string, days: number) => string; again: string }> = {
  en: {
    subject: 'Your Tempo webhook was switched off',
    body: (url, days) => `Tempo could not deliver to your webhook for ${days} days, so it switched it off:\n${url}`,
    again: 'Once the address takes deliveries again, switch it on in Settings:',
  },
  es: {
    subject: 'Hemos desactivado tu webhook de Tempo',
    body: (url, days) => `Tempo no ha podido entregar nada a tu webhook durante ${days} días, así que lo ha desactivado:\n${url}`,
    again: 'Cuando la dirección vuelva a recibir entregas, actívalo en Ajustes:',
  },
  fr: {
    subject: 'Votre webhook Tempo a été désactivé',
    body: (url, days) => `Tempo n’a rien pu livrer à votre webhook pendant ${days} jours ; il l’a donc désactivé :\n${url}`,
    again: 'Quand l’adresse recevra de nouveau les livraisons, réactivez-le dans les Paramètres :',
  },
  de: {
    subject: 'Dein Tempo-Webhook wurde ausgeschaltet',
    body: (url, days) => `Tempo konnte deinem Webhook ${days} Tage lang nichts zustellen und hat ihn deshalb ausgeschaltet:\n${url}`,
    again: 'Sobald die Adresse wieder Zustellungen annimmt, schalte ihn in den Einstellungen wieder ein:',
  },
};

export function switchOffMail(url: string, days: number, settingsLink: string, lang: Language): { subject: string; text: string } {
  const texts = TEXTS[lang];
  return { subject: texts.subject, text: [texts.body(url, days), '', texts.again, settingsLink].join('\n') };
}
