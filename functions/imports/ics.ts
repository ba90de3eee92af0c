import ICAL from 'ical.js';
import { API_LIMITS } from '../../shared/constants';
import { IMPORT_MESSAGES } from '../../shared/imports';
import { zonedInstant } from '../../shared/zoned-time';
import { keptText, type SourceContext, type Where } from './plan';
import { badRequest } from './refusals';
import { isKnownZone, ruleOf } from './when';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

const DAY_MS = 86_400_000;

/** The calendar's components, parsed by ical.js; a file it cannot read is malformed. */
function calendarOf(text: string): Component {
  try {
    const parsed = ICAL.parse(text);
    const calendar = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed);
    if (calendar.name !== 'vcalendar') throw new Error('not a calendar');
    return calendar;
  } catch {
    throw badRequest(IMPORT_MESSAGES.malformed);
  }
}

/**
 * Any iCalendar file (a calendar's export, Google's, Apple's, Outlook's): each VEVENT an event,
 * each VTODO a task, CATEGORIES their tags. A series keeps its rule and its EXDATEs when the rule is
 * one of ours (else the rule's text goes into the description); an occurrence changed on its own
 * (RECURRENCE-ID) becomes an event of its own, taken out of its series. Times in a zone the file
 * names by its IANA id are read in it, in a zone it defines (VTIMEZONE) by ical.js, and floating
 * ones in the person's zone. Each item's identity is its UID (and RECURRENCE-ID).
 */
export function planIcs(text: string, { builder, timeZone }: SourceContext): void {
  const calendar = calendarOf(text);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  const changedOccurrences = new Map<string, string[]>();
  for (const event of events) {
    const recurrenceId = event.getFirstProperty('recurrence-id');
    if (!recurrenceId) continue;
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    const taken = instantOf(event, 'recurrence-id', timeZone);
    if (taken) changedOccurrences.set(uid, [...(changedOccurrences.get(uid) ?? []), taken]);
  }

  events.forEach((event, index) => {
    const where = { file: null, line: index + 1 };
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    const title = keptText(String(event.getFirstPropertyValue('summary') ?? ''), API_LIMITS.titleMax);
    const start = event.getFirstPropertyValue('dtstart') as Time | null;
    const startTime = instantOf(event, 'dtstart', timeZone);
    if (!start || !startTime) return builder.skip(where, 'badDate', title);
    const allDay = start.isDate;
    const endTime = endOf(event, start, startTime, timeZone);
    const series = seriesOf(event, timeZone);
    let description = keptText(String(event.getFirstPropertyValue('description') ?? ''), API_LIMITS.descriptionMax);
    if (series === undefined) {
      description = keptText([description, `RRULE:${String(event.getFirstPropertyValue('rrule'))}`].filter(Boolean).join('\n\n'), API_LIMITS.descriptionMax);
      builder.note(where, 'repeatInDescription', title);
    }
    const recurrenceId = event.getFirstProperty('recurrence-id') ? instantOf(event, 'recurrence-id', timeZone) : null;
    const recurrence = series ? { ...series, exceptions: [...series.exceptions, ...(changedOccurrences.get(uid) ?? [])] } : null;
    builder.add(
      'events',
      recurrenceId ? `${uid}\n${recurrenceId}` : uid || `${title}\n${startTime}`,
      {
        title,
        description,
        start_time: startTime,
        end_time: endTime,
        all_day: allDay,
        location: keptText(String(event.getFirstPropertyValue('location') ?? ''), API_LIMITS.locationMax),
        tags: categoriesOf(event, builder.tag.bind(builder)),
        recurrence,
      },
      where,
    );
  });

  calendar.getAllSubcomponents('vtodo').forEach((todo, index) => planTodo(todo, { file: null, line: events.length + index + 1 }, { builder, timeZone }));
}

/** VTODO's PRIORITY (RFC 5545: 1 the highest to 9 the lowest, 0 none) onto ours. */
const priorityOf = (value: number) => (value >= 1 && value <= 4 ? 'high' : value >= 6 ? 'low' : 'medium');

function planTodo(todo: Component, where: Where, { builder, timeZone }: Pick<SourceContext, 'builder' | 'timeZone'>): void {
  const title = keptText(String(todo.getFirstPropertyValue('summary') ?? ''), API_LIMITS.titleMax);
  const due = todo.getFirstProperty('due') ? instantOf(todo, 'due', timeZone) : todo.getFirstProperty('dtstart') ? instantOf(todo, 'dtstart', timeZone) : null;
  if (due === undefined) return builder.skip(where, 'badDate', title);
  const series = seriesOf(todo, timeZone);
  let description = keptText(String(todo.getFirstPropertyValue('description') ?? ''), API_LIMITS.descriptionMax);
  if (series === undefined || (series && !due)) {
    description = keptText([description, `RRULE:${String(todo.getFirstPropertyValue('rrule'))}`].filter(Boolean).join('\n\n'), API_LIMITS.descriptionMax);
    builder.note(where, 'repeatInDescription', title);
  }
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  builder.add(
    'tasks',
    String(todo.getFirstPropertyValue('uid') ?? '') || `${title}\n${due}`,
    {
      title,
      description,
      priority: priorityOf(Number(todo.getFirstPropertyValue('priority') ?? 0)),
      status: status === 'COMPLETED' ? 'completed' : status === 'IN-PROCESS' ? 'in_progress' : 'pending',
      due_date: due,
      recurrence: series && due ? series : null,
      tags: categoriesOf(todo, builder.tag.bind(builder)),
    },
    where,
  );
}

/**
 * A date-time property's instant: an all-day date is its day at 00:00 UTC (as events keep them); a
 * time in a zone named by its IANA id is read in that zone, in a zone the file defines by ical.js,
 * a floating one in the person's zone. Undefined when it is not a date the API takes.
 */
function instantOf(component: Component, name: string, timeZone: string, value?: Time): string | undefined {
  const property = component.getFirstProperty(name);
  const time = value ?? (property?.getFirstValue() as Time | undefined);
  if (!time || typeof time !== 'object' || !('isDate' in time)) return undefined;
  const day = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  const tzid = String(property?.getParameter('tzid') ?? '');
  let instant: Date;
  if (time.isDate) instant = new Date(`${day}T00:00:00Z`);
  else if (time.zone?.tzid === 'UTC') instant = new Date(time.toUnixTime() * 1000);
  else if (isKnownZone(tzid)) instant = zonedInstant(day, time.hour * 60 + time.minute, tzid);
  else if (time.zone && time.zone.tzid !== 'floating') instant = new Date(time.toUnixTime() * 1000);
  else instant = zonedInstant(day, time.hour * 60 + time.minute, timeZone);
  const year = instant.getUTCFullYear();
  if (Number.isNaN(instant.getTime()) || year < API_LIMITS.earliestYear || year > API_LIMITS.latestYear) return undefined;
  return instant.toISOString();
}

/** DTEND, or DTSTART with DURATION; without either, an hour (a day for an all-day event). An all-day event's end is its last day, not the day after. */
function endOf(event: Component, start: Time, startTime: string, timeZone: string): string {
  const end = event.getFirstProperty('dtend') ? instantOf(event, 'dtend', timeZone) : undefined;
  const duration = event.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null;
  const endMs = end ? Date.parse(end) : Date.parse(startTime) + (duration ? duration.toSeconds() * 1000 : start.isDate ? DAY_MS : 3_600_000);
  if (!start.isDate) return new Date(Math.max(endMs, Date.parse(startTime) + 60_000)).toISOString();
  return new Date(Math.max(endMs - DAY_MS, Date.parse(startTime))).toISOString();
}

/**
 * The component's series: its rule when it is one of ours, in the zone of its start (the person's
 * when that is not an IANA id), with its EXDATEs; null when it does not repeat, undefined when its
 * rule is not one of ours.
 */
function seriesOf(component: Component, timeZone: string): { rule: string; time_zone: string; exceptions: string[] } | null | undefined {
  const rrule = component.getFirstPropertyValue('rrule');
  if (!rrule) return null;
  const rule = ruleOf(String(rrule));
  if (!rule) return undefined;
  const tzid = String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? '');
  const exceptions = component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues() as Time[])
    .map((time) => instantOf(component, 'exdate', timeZone, time))
    .filter((instant): instant is string => instant !== undefined);
  return { rule, time_zone: isKnownZone(tzid) ? tzid : timeZone, exceptions };
}

function categoriesOf(component: Component, tag: (name: string) => string): string[] {
  return component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues() as string[])
    .map((name) => tag(String(name)))
    .filter((name) => name !== '')
    .slice(0, API_LIMITS.tagsPerItem);
}
