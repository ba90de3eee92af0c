import type { Language } from '../../../../../shared/languages';
import type { RepeatFrequency } from '../../../../../shared/recurrence';
import { WEEKDAYS, type Weekday } from '../../../../../shared/weekdays';

/**
 * The words quick add reads repeats and lengths in, per language (chrono reads days and times).
 * Lower case; plurals and short forms listed where people type them ("tous les lundis", "Mon").
 */
export interface QuickAddWords {
  /** "every", and its plural forms where a language has them ("todos los", "toutes les", "alle"). */
  every: string[];
  and: string[];
  weekdays: Record<string, Weekday>;
  /** Monday to Friday, after "every": "weekday", "día laborable". */
  workdays: string[];
  /** "first" to "fourth", and "last" (-1). */
  ordinals: Record<string, number>;
  /** What may follow "every last Friday": "of the month". */
  ofMonth: string[];
  /** A day of the month, its number the first group that matched: "every 1st", "el 1 de cada mes". */
  dayOfMonth: RegExp;
  units: Record<string, RepeatFrequency>;
  adverbs: Record<string, RepeatFrequency>;
  /** What comes before a length: "for 45 min". */
  lengthFor: string[];
  minutes: string[];
  hours: string[];
  /** Words that lead into a day or time and mean nothing once chrono took it ("at", "à"). */
  connectors: string[];
  /** What leads into a reminder: "remind me 30 min before", "remind me an hour before", "remind me at the start". */
  remind: string[];
  /** One, as a word before a unit: "an hour", "eine Stunde". */
  one: string[];
  before: string[];
  /** A reminder when it starts: "at the time", "at the start". */
  atTheTime: string[];
  days: string[];
}

const days = (names: readonly string[][]): Record<string, Weekday> =>
  Object.fromEntries(names.flatMap((forms, index) => forms.map((form) => [form, WEEKDAYS[index]!])));
const units = (forms: Record<RepeatFrequency, string[]>): Record<string, RepeatFrequency> =>
  Object.fromEntries(Object.entries(forms).flatMap(([frequency, words]) => words.map((word) => [word, frequency as RepeatFrequency])));

export const QUICK_ADD_WORDS: Record<Language, QuickAddWords> = {
  en: {
    every: ['every'],
    and: ['and'],
    weekdays: days([
      ['monday', 'mon'],
      ['tuesday', 'tue', 'tues'],
      ['wednesday', 'wed'],
      ['thursday', 'thu', 'thurs'],
      ['friday', 'fri'],
      ['saturday', 'sat'],
      ['sunday', 'sun'],
    ]),
    workdays: ['weekday'],
    ordinals: { first: 1, second: 2, third: 3, fourth: 4, last: -1 },
    ofMonth: ['of the month', 'of each month', 'of every month'],
    dayOfMonth: /every (\d{1,2})(?:st|nd|rd|th)(?: of (?:the|each|every) month)?/,
    units: units({ DAILY: ['day', 'days'], WEEKLY: ['week', 'weeks'], MONTHLY: ['month', 'months'], YEARLY: ['year', 'years'] }),
    adverbs: units({ DAILY: ['daily'], WEEKLY: ['weekly'], MONTHLY: ['monthly'], YEARLY: ['yearly', 'annually'] }),
    lengthFor: ['for'],
    minutes: ['minutes', 'minute', 'mins', 'min', 'm'],
    hours: ['hours', 'hour', 'hrs', 'hr', 'h'],
    connectors: ['at', 'on'],
    remind: ['remind me', 'reminder'],
    one: ['a', 'an', 'one'],
    before: ['before', 'ahead', 'earlier'],
    atTheTime: ['at the time', 'on time', 'when it starts', 'at start', 'at the start'],
    days: ['days', 'day', 'd'],
  },
  es: {
    every: ['cada', 'todos los', 'todas las'],
    and: ['y'],
    weekdays: days([
      ['lunes'],
      ['martes'],
      ['miércoles', 'miercoles'],
      ['jueves'],
      ['viernes'],
      ['sábado', 'sabado', 'sábados', 'sabados'],
      ['domingo', 'domingos'],
    ]),
    workdays: ['día laborable', 'dia laborable', 'día hábil', 'dia habil', 'días laborables', 'dias laborables'],
    ordinals: { primer: 1, primero: 1, segundo: 2, tercer: 3, tercero: 3, cuarto: 4, último: -1, ultimo: -1 },
    ofMonth: ['del mes', 'de cada mes'],
    dayOfMonth: /(?:cada|todos los) días? (\d{1,2})(?: de cada mes)?|el (?:día )?(\d{1,2}) de cada mes/,
    units: units({ DAILY: ['día', 'dia', 'días', 'dias'], WEEKLY: ['semana', 'semanas'], MONTHLY: ['mes', 'meses'], YEARLY: ['año', 'años'] }),
    adverbs: units({ DAILY: ['diariamente', 'a diario'], WEEKLY: ['semanalmente'], MONTHLY: ['mensualmente'], YEARLY: ['anualmente'] }),
    lengthFor: ['durante'],
    minutes: ['minutos', 'minuto', 'min'],
    hours: ['horas', 'hora', 'h'],
    connectors: ['a', 'el', 'para'],
    remind: ['recuérdame', 'recuerdame', 'avísame', 'avisame', 'recordatorio'],
    one: ['un', 'una'],
    before: ['antes'],
    atTheTime: ['a la hora', 'en el momento', 'al inicio', 'al comienzo', 'al empezar'],
    days: ['días', 'dias', 'día', 'dia'],
  },
  fr: {
    every: ['chaque', 'tous les', 'toutes les'],
    and: ['et'],
    weekdays: days([
      ['lundi', 'lundis'],
      ['mardi', 'mardis'],
      ['mercredi', 'mercredis'],
      ['jeudi', 'jeudis'],
      ['vendredi', 'vendredis'],
      ['samedi', 'samedis'],
      ['dimanche', 'dimanches'],
    ]),
    workdays: ['jour ouvré', 'jour ouvrable', 'jour de semaine', 'jours ouvrés', 'jours ouvrables'],
    ordinals: { premier: 1, deuxième: 2, deuxieme: 2, second: 2, troisième: 3, troisieme: 3, quatrième: 4, quatrieme: 4, dernier: -1 },
    ofMonth: ['du mois', 'de chaque mois'],
    dayOfMonth:
      /(?:chaque|tous les) (\d{1,2})(?:er|e|ème)?(?! ?(?:jours?|semaines?|mois|ans?|années?))(?: du mois| de chaque mois)?|le (\d{1,2})(?:er)? de chaque mois/,
    units: units({ DAILY: ['jour', 'jours'], WEEKLY: ['semaine', 'semaines'], MONTHLY: ['mois'], YEARLY: ['an', 'ans', 'année', 'années'] }),
    adverbs: units({ DAILY: ['quotidiennement'], WEEKLY: ['hebdomadairement'], MONTHLY: ['mensuellement'], YEARLY: ['annuellement'] }),
    lengthFor: ['pendant'],
    minutes: ['minutes', 'minute', 'min'],
    hours: ['heures', 'heure', 'h'],
    connectors: ['à', 'le', 'pour'],
    remind: ['rappelle-moi', 'rappelle moi', 'rappel'],
    one: ['un', 'une'],
    before: ['avant', 'plus tôt'],
    atTheTime: ['à l’heure', "à l'heure", 'au moment', 'au début', 'au commencement'],
    days: ['jours', 'jour', 'j'],
  },
  de: {
    every: ['jeden', 'jede', 'jedes', 'alle'],
    and: ['und'],
    weekdays: days([['montag'], ['dienstag'], ['mittwoch'], ['donnerstag'], ['freitag'], ['samstag', 'sonnabend'], ['sonntag']]),
    workdays: ['werktag', 'wochentag'],
    ordinals: { ersten: 1, zweiten: 2, dritten: 3, vierten: 4, letzten: -1 },
    ofMonth: ['im monat', 'des monats', 'jedes monats'],
    dayOfMonth: /(?:jeden|am) (\d{1,2})\.(?: (?:des|jedes) monats)?/,
    units: units({ DAILY: ['tag', 'tage'], WEEKLY: ['woche', 'wochen'], MONTHLY: ['monat', 'monate'], YEARLY: ['jahr', 'jahre'] }),
    adverbs: units({ DAILY: ['täglich'], WEEKLY: ['wöchentlich'], MONTHLY: ['monatlich'], YEARLY: ['jährlich'] }),
    lengthFor: ['für'],
    minutes: ['minuten', 'minute', 'min.', 'min'],
    hours: ['stunden', 'stunde', 'std.', 'std', 'h'],
    connectors: ['um', 'am'],
    remind: ['erinnere mich', 'erinnerung'],
    one: ['ein', 'eine', 'einen'],
    before: ['vorher', 'davor', 'früher'],
    atTheTime: ['zum zeitpunkt', 'pünktlich', 'zu beginn', 'zum beginn', 'am anfang'],
    days: ['tage', 'tag'],
  },
};
