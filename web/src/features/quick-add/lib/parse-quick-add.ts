import type { Chrono } from 'chrono-node';
import type { Language } from '../../../../../shared/languages';
import { formatRule, type RepeatFrequency, type RepeatRule } from '../../../../../shared/recurrence';
import { WEEKDAYS, type Weekday } from '../../../../../shared/weekdays';
import type { ItemInput } from '../../../../../shared/item-kinds.schema';
import { MAX_REMINDERS, REMINDER_OFFSETS, type ReminderOffset } from '../../../../../shared/reminders';
import type { TaskPriority } from '../../../../../shared/tasks';
import { addDays, zonedInstant, zonedParts, type Day } from '../../../../../shared/zoned-time';
import { placeInMonth, weekdayOf } from '../../../components/items/repeat-form';
import { QUICK_ADD_WORDS, type QuickAddWords } from './quick-add-words';

/**
 * Plain words to a task or an event, with no AI service: "Pay rent every 1st at 9am !high #home",
 * "Dentist next Tuesday 14:30 for 45 min", "Buy running shoes +marathon". The marks (!priority,
 * #tag, +goal) are read here; the length ("for 45 min", "for 1.5 hours": an event's length, a task's
 * estimate) and the repeat ("every Monday", "every 2 weeks", "every 1st", "every last Friday") here too, in the person's language and in English
 * (quick-add-words.ts); the day and time by chrono in the person's language; what is left is the title.
 */
export interface QuickAdd {
  title: string;
  /** The day it is on or due, in the person's zone; null when the words name none. */
  day: Day | null;
  /** Minutes after midnight, when the words name a time. */
  minutes: number | null;
  /** An event's length, or a task's estimate, in minutes, when the words name one ("for 45 min", "for 1.5 h"). */
  lengthMinutes: number | null;
  /** The RRULE value, when the words name a repeat. */
  rule: string | null;
  /** The reminders the words ask for ("remind me 30 min before"), or null for the person's default. */
  reminders: ReminderOffset[] | null;
  priority: TaskPriority | null;
  tags: string[];
  /** The goal a task is linked to, when a +mark names one of the person's goals. */
  goal: GoalRef | null;
}

export interface GoalRef {
  id: string;
  title: string;
}

const PRIORITY_WORDS: Record<string, TaskPriority> = {
  high: 'high',
  h: 'high',
  '1': 'high',
  medium: 'medium',
  m: 'medium',
  '2': 'medium',
  low: 'low',
  l: 'low',
  '3': 'low',
};

const rule = (freq: RepeatFrequency, parts: Partial<RepeatRule> = {}) =>
  formatRule({ freq, interval: 1, byDay: [], byMonthDay: [], byMonth: [], bySetPos: [], count: null, until: null, ...parts });

/** One of `words`, longest first, as a regular expression's alternative (a space matches any spacing). */
const anyOf = (words: Iterable<string>) =>
  `(?:${[...words]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|')})`;
/** A phrase standing as words of its own (JavaScript's \b knows no accented letters). */
const phrase = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'iu');
const lower = (text: string) => text.toLocaleLowerCase();

interface RepeatPhrase {
  pattern: RegExp;
  /** The rule it makes and, for "every Monday" or "every 1st", the first day it falls on. */
  read: (match: RegExpExecArray, today: Day) => { rule: string; first?: Day };
}

/** The repeat phrases of a language's words, most particular first ("every 1st" before "every month", "every weekday" before "every day"). */
function repeatPhrases(words: QuickAddWords): RepeatPhrase[] {
  const [every, and, weekday, ordinal, unit] = [
    anyOf(words.every),
    anyOf(words.and),
    anyOf(Object.keys(words.weekdays)),
    anyOf(Object.keys(words.ordinals)),
    anyOf(Object.keys(words.units)),
  ];
  const weekdayNamed = (word: string) => words.weekdays[lower(word)]!;
  return [
    {
      pattern: phrase(`${every}\\s+(${ordinal})\\s+(${weekday})(?:\\s+${anyOf(words.ofMonth)})?`),
      read: ([, ordinalWord, weekdayWord], today) => {
        const nth = words.ordinals[lower(ordinalWord!)]!;
        const day = weekdayNamed(weekdayWord!);
        return {
          rule: rule('MONTHLY', { byDay: [{ weekday: day, nth }] }),
          first: firstDayFrom(
            today,
            (candidate) => weekdayOf(candidate) === day && (nth === -1 ? placeInMonth(candidate).last : placeInMonth(candidate).nth === nth),
          ),
        };
      },
    },
    {
      pattern: phrase(words.dayOfMonth.source),
      read: (match, today) => {
        const date = Number(match.slice(1).find((group) => group !== undefined));
        return { rule: rule('MONTHLY'), first: firstDayFrom(today, (candidate) => Number(candidate.slice(8)) === date) };
      },
    },
    {
      pattern: phrase(`${every}\\s+(${weekday}(?:(?:\\s*,\\s*|\\s+${and}\\s+)${weekday})*)`),
      read: ([, list], today) => {
        const weekdays = list!.split(new RegExp(`\\s*,\\s*|\\s+${and}\\s+`, 'iu')).map(weekdayNamed);
        const byDay = WEEKDAYS.filter((day) => weekdays.includes(day)).map((day) => ({ weekday: day, nth: null }));
        return { rule: rule('WEEKLY', { byDay }), first: firstDayFrom(today, (candidate) => weekdays.includes(weekdayOf(candidate))) };
      },
    },
    {
      pattern: phrase(`${every}\\s+${anyOf(words.workdays)}`),
      read: (_match, today) => {
        const weekdays: readonly Weekday[] = WEEKDAYS.slice(0, 5);
        return {
          rule: rule('WEEKLY', { byDay: weekdays.map((day) => ({ weekday: day, nth: null })) }),
          first: firstDayFrom(today, (candidate) => weekdays.includes(weekdayOf(candidate))),
        };
      },
    },
    {
      pattern: phrase(`${every}\\s+(?:(\\d{1,2})\\s+)?(${unit})`),
      read: ([, interval, unitWord]) => ({ rule: rule(words.units[lower(unitWord!)]!, { interval: Number(interval ?? 1) }) }),
    },
    {
      pattern: phrase(`(${anyOf(Object.keys(words.adverbs))})`),
      read: ([, adverb]) => ({ rule: rule(words.adverbs[lower(adverb!)]!) }),
    },
  ];
}

/** "for 45 min", "for 2 hours", "für 1,5 Std.": the length's number (a point or a comma before its fraction) and whether its unit is hours. */
function lengthPhrase(words: QuickAddWords): RegExp {
  return phrase(`${anyOf(words.lengthFor)}\\s+(\\d{1,3}(?:[.,]\\d{1,2})?)\\s*(?:(${anyOf(words.hours)})|${anyOf(words.minutes)})`);
}

/**
 * "remind me 30 min before", "recuérdame una hora antes", "remind me at the start": the number (or
 * the word for one, a space before its unit), which unit it is in (days, hours, else minutes), or
 * the words for at the time.
 */
function reminderPhrase(words: QuickAddWords): RegExp {
  const amount = `(?:(\\d{1,4})\\s*|${anyOf(words.one)}\\s+)(?:(${anyOf(words.days)})|(${anyOf(words.hours)})|${anyOf(words.minutes)})\\s+${anyOf(words.before)}`;
  return phrase(`${anyOf(words.remind)}\\s+(?:${amount}|(${anyOf(words.atTheTime)}))`);
}

/** A reminder phrase's minutes before, when they are one of the offsets reminders take. */
function reminderOffset([, amount, days, hours, atTheTime]: RegExpExecArray): ReminderOffset | null {
  const minutes = atTheTime ? 0 : Number(amount ?? 1) * (days ? 1440 : hours ? 60 : 1);
  return REMINDER_OFFSETS.find((offset) => offset === minutes) ?? null;
}

interface Phrases {
  repeats: RepeatPhrase[];
  lengths: RegExp[];
  reminders: RegExp[];
  /** A word that led into a day or time, left at the end of the text before it. */
  dangling: RegExp;
}

const phrasesByLanguage = new Map<Language, Phrases>();

/**
 * The phrases of a language, built on its first use (not as the app loads): the person's own
 * words, then English's (people mix them, and English is the product's first language).
 */
function phrasesOf(language: Language): Phrases {
  let phrases = phrasesByLanguage.get(language);
  if (!phrases) {
    const spoken = language === 'en' ? [QUICK_ADD_WORDS.en] : [QUICK_ADD_WORDS[language], QUICK_ADD_WORDS.en];
    const dangling = new RegExp(`(?<![\\p{L}\\p{N}])${anyOf(spoken.flatMap((words) => words.connectors))}\\s*$`, 'iu');
    phrases = { repeats: spoken.flatMap(repeatPhrases), lengths: spoken.map(lengthPhrase), reminders: spoken.map(reminderPhrase), dangling };
    phrasesByLanguage.set(language, phrases);
  }
  return phrases;
}

/** The first day from `today` on that `fits` (every rule quick add reads has one within a year). */
function firstDayFrom(today: Day, fits: (day: Day) => boolean): Day {
  let day = today;
  for (let step = 0; step < 400 && !fits(day); step++) day = addDays(day, 1);
  return day;
}

/**
 * The goal a +mark names: the words after the + that begin a goal's title ("+run a marathon"), as
 * many as match, else one word found at the start of a word in a title ("+marathon"). Answers the
 * goal and the mark's length in characters; null when no goal fits.
 */
function goalNamed(afterMark: string, goals: readonly GoalRef[]): { goal: GoalRef; length: number } | null {
  const words = /^[^\s#!+]+(?:\s+[^\s#!+]+)*/u.exec(afterMark)?.[0].split(/\s+/) ?? [];
  for (let count = words.length; count >= 1; count--) {
    const phrase = lower(words.slice(0, count).join(' '));
    const goal = goals.find((candidate) => lower(candidate.title) === phrase) ?? goals.find((candidate) => lower(candidate.title).startsWith(phrase));
    if (goal) return { goal, length: afterMark.indexOf(words[count - 1]!) + words[count - 1]!.length };
  }
  const word = lower(words[0] ?? '');
  const goal =
    word &&
    goals.find((candidate) =>
      lower(candidate.title)
        .split(/\s+/)
        .some((titleWord) => titleWord.startsWith(word)),
    );
  return goal ? { goal, length: words[0]!.length } : null;
}

/** Where and by whom quick add is typed. */
export interface QuickAddContext {
  now: Date;
  timeZone: string;
  /** The person's language: its repeat and length words are read, and English's. */
  language: Language;
  /** chrono-node's parser of that language (en, es, fr, de). */
  chrono: Pick<Chrono, 'parse'>;
  /** The person's goals, which a +mark may name. */
  goals?: readonly GoalRef[];
}

/** Reads `text` as a task or an event. */
export function parseQuickAdd(text: string, { now, timeZone, language, chrono, goals = [] }: QuickAddContext): QuickAdd {
  const phrases = phrasesOf(language);
  let rest = ` ${text} `;
  const take = (pattern: RegExp) => {
    const match = pattern.exec(rest);
    if (match) rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
    return match;
  };

  let goal: GoalRef | null = null;
  const mark = /\s\+(?=\S)/u.exec(rest);
  const named = mark && goalNamed(rest.slice(mark.index + mark[0].length), goals);
  if (mark && named) {
    goal = named.goal;
    rest = `${rest.slice(0, mark.index)} ${rest.slice(mark.index + mark[0].length + named.length)}`;
  }

  const tags: string[] = [];
  for (let match = take(/\s#([\p{L}\p{N}_-]+)/u); match; match = take(/\s#([\p{L}\p{N}_-]+)/u)) {
    if (!tags.some((tag) => tag.toLowerCase() === match![1]!.toLowerCase())) tags.push(match[1]!);
  }
  const priorityWord = take(/\s!(high|medium|low|h|m|l|1|2|3)(?=\s)/i)?.[1];
  const priority = priorityWord ? PRIORITY_WORDS[priorityWord.toLowerCase()]! : null;
  // Up to MAX_REMINDERS, each taken out of the title; one that is not an offset reminders take stays in it.
  const reminders: ReminderOffset[] = [];
  for (const pattern of phrases.reminders) {
    for (let tries = 0; tries < MAX_REMINDERS; tries++) {
      const found = pattern.exec(rest);
      const offset = found && reminderOffset(found);
      if (offset === null) break;
      take(pattern);
      if (!reminders.includes(offset) && reminders.length < MAX_REMINDERS) reminders.push(offset);
    }
  }
  const length = phrases.lengths.map(take).find(Boolean);
  // The second group is the hours' word, when the unit is hours; a fraction of a minute is rounded.
  const lengthMinutes = length ? Math.round(Number(length[1]!.replace(',', '.')) * (length[2] ? 60 : 1)) : null;

  const today = zonedParts(now, timeZone);
  let repeat: { rule: string; first?: Day } | null = null;
  for (const { pattern, read } of phrases.repeats) {
    const match = take(pattern);
    if (match) {
      repeat = read(match, today.day);
      break;
    }
  }

  // chrono reads its reference's own fields: give it the person's wall clock as this machine's.
  const [year, month, date] = today.day.split('-').map(Number) as [number, number, number];
  const reference = new Date(year, month - 1, date, Math.floor(today.minutes / 60), today.minutes % 60);
  const [found] = chrono.parse(rest, reference, { forwardDate: true });
  let day = repeat?.first ?? null;
  let minutes: number | null = null;
  if (found) {
    // "at 9", "a las 9": chrono takes the time; the word that led into it goes with it.
    rest = `${rest.slice(0, found.index).replace(phrases.dangling, '')} ${rest.slice(found.index + found.text.length)}`;
    const start = found.start;
    if (start.isCertain('day') || start.isCertain('weekday') || !repeat?.first) {
      day = `${start.get('year')}-${String(start.get('month')).padStart(2, '0')}-${String(start.get('day')).padStart(2, '0')}`;
    }
    if (start.isCertain('hour')) minutes = (start.get('hour') ?? 0) * 60 + (start.get('minute') ?? 0);
  }

  return {
    title: rest.replace(/\s+/g, ' ').trim(),
    // A repeat starts today unless the words say when.
    day: day ?? (repeat ? today.day : null),
    minutes,
    lengthMinutes,
    rule: repeat?.rule ?? null,
    reminders: reminders.length > 0 ? reminders : null,
    priority,
    tags,
    goal,
  };
}

/** A task is due on the day at its start (a task has no time of day); it repeats from there; a length is its estimate. */
export function taskOf(quick: QuickAdd, timeZone: string): ItemInput<'tasks'> {
  const due = quick.day === null ? null : zonedInstant(quick.day, 0, timeZone).toISOString();
  return {
    title: quick.title,
    tags: quick.tags,
    due_date: due,
    ...(quick.priority ? { priority: quick.priority } : {}),
    ...(quick.goal ? { goal_id: quick.goal.id } : {}),
    recurrence: quick.rule && due ? { rule: quick.rule, time_zone: timeZone } : null,
    ...(quick.reminders ? { reminders: quick.reminders } : {}),
    ...(quick.lengthMinutes === null ? {} : { estimate_minutes: quick.lengthMinutes }),
  };
}

/** An event at its day and time for its length (an hour unless said), or all day when no time is named; today unless a day is. */
export function eventOf(quick: QuickAdd, now: Date, timeZone: string): ItemInput<'events'> {
  const day = quick.day ?? zonedParts(now, timeZone).day;
  const common = {
    title: quick.title,
    tags: quick.tags,
    recurrence: quick.rule ? { rule: quick.rule, time_zone: timeZone } : null,
    ...(quick.reminders ? { reminders: quick.reminders } : {}),
  };
  if (quick.minutes === null) return { ...common, all_day: true, start_time: `${day}T00:00:00.000Z`, end_time: `${day}T00:00:00.000Z` };
  const start = zonedInstant(day, quick.minutes, timeZone);
  const end = new Date(start.getTime() + (quick.lengthMinutes ?? 60) * 60_000);
  return { ...common, start_time: start.toISOString(), end_time: end.toISOString() };
}
