import { BoundedCache } from './bounded-cache';
import { ZONE_FORMATTERS_KEPT } from './dates';
import type { Language } from './languages';
import type { PlanReason, PlanReasonCode } from './planning';

/**
 * Why a planned block sits where it does, or why a task found no room, in the person's language:
 * the proposal's lines, the assistant's answer and the screens say the same words. Days and times
 * are read in the person's zone.
 */

interface ReasonWords {
  /** The weekday of the reason's instant (`due` or `was`). */
  day: string;
  /** Its time of day, 24 h. */
  time: string;
  /** The reason's length in words. */
  length: string;
}

interface Texts {
  reasons: Record<PlanReasonCode, (words: ReasonWords) => string>;
  /** A length of whole hours and some minutes: '2 hours 30 minutes'. */
  hoursAndMinutes: (hours: string, minutes: string) => string;
}

const TEXTS: Record<Language, Texts> = {
  en: {
    reasons: {
      before_due: ({ day }) => `before it's due ${day}`,
      only_slot: ({ length }) => `the only free ${length} in this range`,
      high_priority: () => 'high priority: the first free time',
      first_free: () => 'the first free time long enough',
      missed_block: ({ day, time }) => `its block on ${day} at ${time} passed with the task still open`,
      moved: ({ day, time }) => `moved from ${day} ${time}`,
      no_room_before_due: ({ day }) => `no free time long enough before it's due ${day}`,
      no_room: () => 'no free time long enough in this range',
      too_long: ({ length }) => `longer (${length}) than any working day`,
      due_passed: () => 'it was due before this range',
      repeats: () => 'a repeating event: move its occurrences on the calendar',
    },
    hoursAndMinutes: (hours, minutes) => `${hours} ${minutes}`,
  },
  es: {
    reasons: {
      before_due: ({ day }) => `antes de que venza el ${day}`,
      only_slot: ({ length }) => `el único hueco libre de ${length} en este periodo`,
      high_priority: () => 'prioridad alta: el primer hueco libre',
      first_free: () => 'el primer hueco libre con tiempo suficiente',
      missed_block: ({ day, time }) => `su bloque del ${day} a las ${time} pasó con la tarea aún pendiente`,
      moved: ({ day, time }) => `movido desde el ${day} a las ${time}`,
      no_room_before_due: ({ day }) => `no hay tiempo libre suficiente antes de que venza el ${day}`,
      no_room: () => 'no hay tiempo libre suficiente en este periodo',
      too_long: ({ length }) => `dura más (${length}) que cualquier jornada laboral`,
      due_passed: () => 'vencía antes de este periodo',
      repeats: () => 'un evento que se repite: mueve sus repeticiones en el calendario',
    },
    hoursAndMinutes: (hours, minutes) => `${hours} y ${minutes}`,
  },
  fr: {
    reasons: {
      before_due: ({ day }) => `avant son échéance de ${day}`,
      only_slot: ({ length }) => `le seul créneau libre de ${length} sur cette période`,
      high_priority: () => 'priorité haute : le premier créneau libre',
      first_free: () => 'le premier créneau libre assez long',
      missed_block: ({ day, time }) => `son créneau de ${day} à ${time} est passé sans que la tâche soit terminée`,
      moved: ({ day, time }) => `déplacé de ${day} à ${time}`,
      no_room_before_due: ({ day }) => `aucun créneau libre assez long avant son échéance de ${day}`,
      no_room: () => 'aucun créneau libre assez long sur cette période',
      too_long: ({ length }) => `dure plus longtemps (${length}) qu’une journée de travail`,
      due_passed: () => 'son échéance tombait avant cette période',
      repeats: () => 'un événement répété : déplacez ses occurrences dans le calendrier',
    },
    hoursAndMinutes: (hours, minutes) => `${hours} et ${minutes}`,
  },
  de: {
    reasons: {
      before_due: ({ day }) => `vor der Fälligkeit am ${day}`,
      only_slot: ({ length }) => `die einzige freie Zeit von ${length} in diesem Zeitraum`,
      high_priority: () => 'hohe Priorität: die erste freie Zeit',
      first_free: () => 'die erste freie Zeit, die lang genug ist',
      missed_block: ({ day, time }) => `ihr Block am ${day} um ${time} ist verstrichen, die Aufgabe ist noch offen`,
      moved: ({ day, time }) => `verschoben von ${day} um ${time}`,
      no_room_before_due: ({ day }) => `vor der Fälligkeit am ${day} keine freie Zeit, die lang genug ist`,
      no_room: () => 'in diesem Zeitraum keine freie Zeit, die lang genug ist',
      too_long: ({ length }) => `länger (${length}) als jeder Arbeitstag`,
      due_passed: () => 'sie war vor diesem Zeitraum fällig',
      repeats: () => 'ein wiederkehrender Termin: verschiebe seine einzelnen Termine im Kalender',
    },
    hoursAndMinutes: (hours, minutes) => `${hours} und ${minutes}`,
  },
};

const unit = (language: Language, name: 'hour' | 'minute', count: number) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(count);

/** A length as said: '45 minutes', '2 hours', '90 minutes' (under two hours, minutes read easier), '2 hours 30 minutes'. */
export function lengthInWords(minutes: number, language: Language): string {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (rest === 0 && hours > 0) return unit(language, 'hour', hours);
  if (hours < 2) return unit(language, 'minute', minutes);
  return TEXTS[language].hoursAndMinutes(unit(language, 'hour', hours), unit(language, 'minute', rest));
}

/** A plan's reasons are said fifty at a time: a weekday and a time formatter per language and zone. */
const formatters = new BoundedCache<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>(ZONE_FORMATTERS_KEPT);
const formattersOf = (language: Language, timeZone: string) =>
  formatters.get(`${language} ${timeZone}`) ??
  formatters.set(`${language} ${timeZone}`, {
    day: new Intl.DateTimeFormat(language, { weekday: 'long', timeZone }),
    time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
  });

/** A plan reason in words, e.g. "before it's due Friday", its day and time read in `timeZone`. */
export function reasonInWords(reason: PlanReason, language: Language, timeZone: string): string {
  const at = reason.due ?? reason.was;
  const said = (part: 'day' | 'time') => (at === undefined ? '' : formattersOf(language, timeZone)[part].format(new Date(at)));
  const words: ReasonWords = {
    day: said('day'),
    time: said('time'),
    length: reason.minutes === undefined ? '' : lengthInWords(reason.minutes, language),
  };
  return TEXTS[language].reasons[reason.code](words);
}
