import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { PlannedItem } from '../../functions/imports/plan';
import { readFile, type ReadOptions } from '../../functions/imports/read-file';
import { todoistRepeat, wordsDate } from '../../functions/imports/when';
import { HttpError } from '../../functions/platform/errors';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../shared/imports';
import { defaultSettings } from '../../shared/settings.schema';
import { icsCalendar, tickTickCsv, todoistBackup, todoistCsv, zipBomb, zipOfMany } from '../fixtures/import/samples';

const NOW = new Date('2026-12-07T10:00:00Z');
const options: ReadOptions = { userId: 'user-1', fileName: 'backup.zip', projects: 'goals', timeZone: 'Europe/Berlin', now: NOW };
const read = (file: string | Uint8Array, more: Partial<ReadOptions> = {}) => readFile(typeof file === 'string' ? strToU8(file) : file, { ...options, ...more });
const ofKind = (items: PlannedItem[], kind: PlannedItem['kind']) => items.filter((item) => item.kind === kind);
const titled = (items: PlannedItem[], title: string) => items.find((item) => item.content.title === title)!;

/** The refusal a file gets: its status and message. */
function refusalOf(file: string | Uint8Array): { status: number; message: string } {
  try {
    read(file);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

describe('a Todoist backup', () => {
  const backup = todoistBackup({
    Home: [
      { TYPE: 'section', CONTENT: 'Kitchen' },
      {
        TYPE: 'task',
        CONTENT: 'Buy milk @errands @Shop',
        DESCRIPTION: 'Oat, "barista"',
        PRIORITY: '1',
        INDENT: '1',
        DATE: '2026-12-10',
        TIMEZONE: 'Europe/Berlin',
      },
      { TYPE: 'note', CONTENT: 'Ask for the discount' },
      { TYPE: 'task', CONTENT: 'Water plants', PRIORITY: '4', INDENT: '1', DATE: 'every friday', DATE_LANG: 'en' },
      { TYPE: 'task', CONTENT: 'Repot the fern', PRIORITY: '2', INDENT: '2', DATE: 'every last full moon', DATE_LANG: 'en' },
      { TYPE: 'task', CONTENT: '@errands', PRIORITY: '3', INDENT: '1' },
      { TYPE: 'task', CONTENT: 'Pay rent', PRIORITY: '3', DATE: 'whenever I can' },
    ],
    Work: [{ TYPE: 'task', CONTENT: 'Write report', PRIORITY: '2', DATE: 'Dec 12 2026 17:00' }],
  });

  it('makes each project a goal its tasks link to, labels tags, and priorities ours', () => {
    const plan = read(backup);
    expect(plan.format).toBe('todoist');
    expect(plan.counts).toEqual({ goals: 2, tasks: 4, events: 0, tags: 2 });
    const goals = ofKind(plan.items, 'goals');
    expect(goals.map((goal) => goal.content.title).sort()).toEqual(['Home', 'Work']);
    const home = goals.find((goal) => goal.content.title === 'Home')!;

    const milk = titled(plan.items, 'Buy milk');
    expect(milk.content).toMatchObject({
      priority: 'high',
      goal_id: home.id,
      tags: ['errands', 'Shop'],
      description: 'Oat, "barista"\n\nAsk for the discount',
      due_date: '2026-12-09T23:00:00.000Z',
      status: 'pending',
      recurrence: null,
    });
    expect(titled(plan.items, 'Water plants').content).toMatchObject({
      priority: 'medium',
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=FR', time_zone: 'Europe/Berlin', exceptions: [] },
      due_date: '2026-12-10T23:00:00.000Z',
    });
    expect(titled(plan.items, 'Write report').content).toMatchObject({ priority: 'high', due_date: '2026-12-12T16:00:00.000Z' });
    // A repeat that is not one of ours stays in the description, and the preview says so.
    expect(titled(plan.items, 'Repot the fern').content).toMatchObject({ recurrence: null, description: 'every last full moon' });
    expect(plan.notes.map(({ kind, title, file }) => [kind, title, file])).toEqual([
      ['commentInDescription', 'Buy milk', 'Home.csv'],
      ['repeatInDescription', 'Repot the fern', 'Home.csv'],
      ['subtaskFlattened', 'Repot the fern', 'Home.csv'],
    ]);
    expect(plan.skipped).toEqual([
      { file: 'Home.csv', line: 7, reason: 'noTitle', title: '@errands' },
      { file: 'Home.csv', line: 8, reason: 'badDate', title: 'Pay rent' },
    ]);
  });

  it('makes projects tags when the person chooses so', () => {
    const plan = read(backup, { projects: 'tags' });
    expect(plan.counts).toMatchObject({ goals: 0, tags: 4 });
    expect(titled(plan.items, 'Buy milk').content).toMatchObject({ goal_id: null, tags: ['Home', 'errands', 'Shop'] });
  });

  it('names the same items the same ids each time it is read, and other ids for another person', () => {
    const ids = (plan: { items: PlannedItem[] }) => plan.items.map((item) => item.id).sort();
    expect(ids(read(backup))).toEqual(ids(read(backup)));
    const others = new Set(ids(read(backup, { userId: 'user-2' })));
    expect(ids(read(backup)).filter((id) => others.has(id))).toEqual([]);
  });

  it('reads one project’s CSV on its own, named after the file', () => {
    const plan = read(todoistCsv([{ TYPE: 'task', CONTENT: 'Alone', PRIORITY: '4' }]), { fileName: 'Errands.csv' });
    expect(ofKind(plan.items, 'goals').map((goal) => goal.content.title)).toEqual(['Errands']);
  });

  it('lists goals and tasks last first, since each is written on top of its list', () => {
    const plan = read(todoistBackup({ P: ['First', 'Second', 'Third'].map((title) => ({ TYPE: 'task', CONTENT: title, PRIORITY: '4' })) }));
    expect(ofKind(plan.items, 'tasks').map((task) => task.content.title)).toEqual(['Third', 'Second', 'First']);
  });
});

describe("Todoist's repeats in words", () => {
  it.each([
    ['every day', 'FREQ=DAILY'],
    ['every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3'],
    ['every other week', 'FREQ=WEEKLY;INTERVAL=2'],
    ['every! 2 months', 'FREQ=MONTHLY;INTERVAL=2'],
    ['every year', 'FREQ=YEARLY'],
    ['every fri, mon', 'FREQ=WEEKLY;BYDAY=MO,FR'],
    ['every tuesday at 9am', 'FREQ=WEEKLY;BYDAY=TU'],
    ['tomorrow', null],
    ['every 3rd workday of the quarter', undefined],
  ])('%s', (words, rule) => expect(todoistRepeat(words)).toBe(rule));

  it('reads dates in words forward, in the person’s zone', () => {
    expect(wordsDate('tomorrow', 'America/New_York', NOW)).toBe('2026-12-08T05:00:00.000Z');
    expect(wordsDate('Jan 3', 'UTC', NOW)).toBe('2027-01-03T00:00:00.000Z');
    expect(wordsDate('no date here', 'UTC', NOW)).toBeUndefined();
  });
});

describe('a TickTick backup', () => {
  const csv = tickTickCsv([
    {
      'Folder Name': 'Life',
      'List Name': 'Inbox',
      Title: 'Book dentist',
      Kind: 'TEXT',
      Tags: 'health, #calls',
      Content: 'Dr. Rossi, afternoons',
      'Due Date': '2026-12-10T09:30:00+0000',
      Repeat: 'RRULE:FREQ=MONTHLY;INTERVAL=6',
      Priority: '5',
      Status: '0',
      Timezone: 'Europe/Rome',
      'Is All Day': 'false',
      taskId: 'a1',
    },
    { 'List Name': 'Inbox', Title: 'Old chore', Kind: 'CHECKLIST', Priority: '1', Status: '2', taskId: 'a2', parentId: 'a1' },
    { 'List Name': 'Inbox', Title: 'Idea', Kind: 'NOTE', Priority: '0', Status: '0', taskId: 'a3' },
    {
      'List Name': 'Work',
      Title: 'Standup',
      Kind: 'TEXT',
      Priority: '3',
      Status: '1',
      Repeat: 'RRULE:FREQ=HOURLY',
      'Due Date': '2026-12-08T08:00:00+0000',
      taskId: 'a4',
    },
    { 'List Name': 'Work', Title: 'Lost', Kind: 'TEXT', Priority: '0', Status: '0', 'Due Date': 'someday', taskId: 'a5' },
    { 'List Name': 'Work', Title: '', Kind: 'TEXT', Priority: '0', Status: '0', taskId: 'a6' },
  ]);

  it('maps lists, tags, statuses, priorities 0/1/3/5 and repeats', () => {
    const plan = read(csv, { fileName: 'TickTick-backup.csv' });
    expect(plan.format).toBe('ticktick');
    expect(plan.counts).toEqual({ goals: 2, tasks: 3, events: 0, tags: 2 });
    const inbox = ofKind(plan.items, 'goals').find((goal) => goal.content.title === 'Inbox')!;
    expect(titled(plan.items, 'Book dentist').content).toMatchObject({
      priority: 'high',
      status: 'pending',
      tags: ['health', 'calls'],
      description: 'Dr. Rossi, afternoons',
      due_date: '2026-12-10T09:30:00.000Z',
      goal_id: inbox.id,
      recurrence: { rule: 'FREQ=MONTHLY;INTERVAL=6', time_zone: 'Europe/Rome', exceptions: [] },
    });
    expect(titled(plan.items, 'Old chore').content).toMatchObject({ priority: 'low', status: 'completed', due_date: null });
    expect(titled(plan.items, 'Standup').content).toMatchObject({
      priority: 'medium',
      status: 'completed',
      recurrence: null,
      description: 'RRULE:FREQ=HOURLY',
    });
    expect(plan.skipped.map(({ line, reason, title }) => [line, reason, title])).toEqual([
      [10, 'notAnItem', 'Idea'],
      [12, 'badDate', 'Lost'],
      [13, 'noTitle', ''],
    ]);
    expect(plan.notes.map(({ kind, title }) => [kind, title])).toEqual([
      ['subtaskFlattened', 'Old chore'],
      ['repeatInDescription', 'Standup'],
    ]);
  });
});

describe('an iCalendar file', () => {
  const ics = icsCalendar([
    [
      'BEGIN:VEVENT',
      'UID:series-1@example.com',
      'DTSTAMP:20261201T000000Z',
      'DTSTART;TZID=Europe/Paris:20261208T090000',
      'DTEND;TZID=Europe/Paris:20261208T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10',
      'EXDATE;TZID=Europe/Paris:20261215T090000',
      'SUMMARY:Team sync',
      'DESCRIPTION:Agenda\\nfirst',
      'LOCATION:Room 4',
      'CATEGORIES:Work,Meetings',
      'END:VEVENT',
    ],
    [
      'BEGIN:VEVENT',
      'UID:series-1@example.com',
      'DTSTAMP:20261201T000000Z',
      'RECURRENCE-ID;TZID=Europe/Paris:20261222T090000',
      'DTSTART;TZID=Europe/Paris:20261222T110000',
      'DTEND;TZID=Europe/Paris:20261222T120000',
      'SUMMARY:Team sync (moved)',
      'END:VEVENT',
    ],
    [
      'BEGIN:VEVENT',
      'UID:holiday@example.com',
      'DTSTAMP:20261201T000000Z',
      'DTSTART;VALUE=DATE:20261224',
      'DTEND;VALUE=DATE:20261227',
      'SUMMARY:Holidays',
      'END:VEVENT',
    ],
    ['BEGIN:VEVENT', 'UID:floating@example.com', 'DTSTAMP:20261201T000000Z', 'DTSTART:20261209T180000', 'DURATION:PT90M', 'SUMMARY:Dinner', 'END:VEVENT'],
    ['BEGIN:VEVENT', 'UID:hourly@example.com', 'DTSTAMP:20261201T000000Z', 'DTSTART:20261209T080000Z', 'RRULE:FREQ=HOURLY', 'SUMMARY:Stretch', 'END:VEVENT'],
    ['BEGIN:VEVENT', 'UID:no-start@example.com', 'DTSTAMP:20261201T000000Z', 'SUMMARY:Nowhen', 'END:VEVENT'],
    [
      'BEGIN:VTODO',
      'UID:todo-1@example.com',
      'DTSTAMP:20261201T000000Z',
      'DUE:20261211T170000Z',
      'PRIORITY:1',
      'STATUS:COMPLETED',
      'SUMMARY:File taxes',
      'END:VTODO',
    ],
  ]);

  it('makes events with their series, exceptions and own occurrences, and to-dos tasks', () => {
    const plan = read(ics, { fileName: 'calendar.ics' });
    expect(plan.format).toBe('ics');
    expect(plan.counts).toEqual({ goals: 0, tasks: 1, events: 5, tags: 2 });
    expect(titled(plan.items, 'Team sync').content).toMatchObject({
      start_time: '2026-12-08T08:00:00.000Z',
      end_time: '2026-12-08T09:00:00.000Z',
      all_day: false,
      description: 'Agenda\nfirst',
      location: 'Room 4',
      tags: ['Work', 'Meetings'],
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=10;BYDAY=TU', time_zone: 'Europe/Paris', exceptions: ['2026-12-15T08:00:00.000Z', '2026-12-22T08:00:00.000Z'] },
    });
    expect(titled(plan.items, 'Team sync (moved)').content).toMatchObject({ start_time: '2026-12-22T10:00:00.000Z', recurrence: null });
    expect(titled(plan.items, 'Holidays').content).toMatchObject({
      all_day: true,
      start_time: '2026-12-24T00:00:00.000Z',
      end_time: '2026-12-26T00:00:00.000Z',
    });
    // A floating time is the person's.
    expect(titled(plan.items, 'Dinner').content).toMatchObject({ start_time: '2026-12-09T17:00:00.000Z', end_time: '2026-12-09T18:30:00.000Z' });
    expect(titled(plan.items, 'Stretch').content).toMatchObject({ recurrence: null, description: 'RRULE:FREQ=HOURLY' });
    expect(titled(plan.items, 'File taxes').content).toMatchObject({ status: 'completed', priority: 'high', due_date: '2026-12-11T17:00:00.000Z' });
    expect(plan.skipped).toEqual([{ file: null, line: 6, reason: 'badDate', title: 'Nowhen' }]);
    expect(plan.notes).toEqual([{ file: null, line: 5, kind: 'repeatInDescription', title: 'Stretch' }]);
  });
});

describe('our own export', () => {
  const at = '2026-12-01T10:00:00.000Z';
  const server = (id: string) => ({ id, user_id: 'old-user', created_at: at, updated_at: at, version: 3 });
  const goal = {
    ...server('00000000-0000-4000-8000-000000000001'),
    title: 'Marathon',
    description: '',
    type: 'long_term',
    status: 'active',
    target_date: null,
    tags: [],
    deleted_at: null,
  };
  const task = {
    ...server('00000000-0000-4000-8000-000000000002'),
    title: 'Buy shoes',
    description: 'Light ones',
    priority: 'high',
    status: 'in_progress',
    due_date: '2026-11-30T00:00:00.000Z',
    goal_id: goal.id,
    tags: ['Run'],
    recurrence: null,
    reminders: [30],
    estimate_minutes: 45,
    deleted_at: null,
  };
  const event = {
    ...server('00000000-0000-4000-8000-000000000003'),
    title: 'Shop visit',
    description: '',
    start_time: '2026-12-20T10:00:00.000Z',
    end_time: '2026-12-20T11:00:00.000Z',
    all_day: false,
    location: '',
    color: null,
    event_type: 'other',
    tags: [],
    recurrence: null,
    reminders: null,
    task_id: task.id,
    deleted_at: '2026-12-02T10:00:00.000Z',
    gcal_id: 'google-1',
  };
  const exported = {
    format: 'tempo-export',
    version: 1,
    exported_at: at,
    goals: [goal],
    tasks: [task],
    events: [],
    tags: [{ ...server('00000000-0000-4000-8000-000000000004'), name: 'Run', color: '#10B981' }],
    trash: [{ kind: 'events', item: event }],
    settings: defaultSettings('old-user', 'sign-up'),
    reminders: [],
    change_sets: [],
  };

  it('comes back as it was, under new ids that keep its links, the trash into the trash', () => {
    const plan = read(zipSync({ 'tempo-export.json': strToU8(JSON.stringify(exported)), 'events.ics': strToU8('BEGIN:VCALENDAR') }));
    expect(plan).toMatchObject({ format: 'tempo', counts: { goals: 1, tasks: 1, events: 1, tags: 1 }, trashed: 1, skippedCount: 0 });
    const [newGoal] = ofKind(plan.items, 'goals');
    const [newTask] = ofKind(plan.items, 'tasks');
    expect(newGoal!.id).not.toBe(goal.id);
    expect(newTask!.content).toEqual({
      ...task,
      goal_id: newGoal!.id,
      ...{ id: undefined, user_id: undefined, created_at: undefined, updated_at: undefined, version: undefined, deleted_at: undefined },
    });
    expect(ofKind(plan.items, 'tags')[0]!.content).toEqual({ name: 'Run', color: '#10B981' });
    expect(ofKind(plan.items, 'events')[0]).toMatchObject({ deleted_at: event.deleted_at, content: { task_id: newTask!.id, title: 'Shop visit' } });
    expect(ofKind(plan.items, 'events')[0]!.content).not.toHaveProperty('gcal_id');
  });
});

describe('a file that cannot be imported', () => {
  it.each([
    ['empty', '', 400, IMPORT_MESSAGES.empty],
    ['of the wrong kind', 'name,age\nAda,36\n', 400, IMPORT_MESSAGES.wrongKind],
    ['JSON not ours', '{"hello":"world"}', 400, IMPORT_MESSAGES.wrongKind],
    ['our export, damaged', '{"format":"tempo-export","version":1}', 400, IMPORT_MESSAGES.malformed],
    ['a CSV with an unclosed quote', 'TYPE,CONTENT\ntask,"never closed\n', 400, IMPORT_MESSAGES.malformed],
    ['a calendar that is not one', 'BEGIN:VCALENDAR\r\nthis is not\r\n', 400, IMPORT_MESSAGES.malformed],
    ['a zip of no CSV', zipSync({ 'photo.jpg': new Uint8Array([1, 2, 3]) }), 400, IMPORT_MESSAGES.wrongKind],
    [
      'a damaged zip',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]),
      400,
      IMPORT_MESSAGES.malformed,
    ],
    ['a zip bomb', zipBomb(IMPORT_LIMITS.unpackedMaxBytes / 1024 / 1024 + 8), 413, IMPORT_MESSAGES.zipTooLarge],
    ['a zip of too many entries', zipOfMany(IMPORT_LIMITS.zipEntriesMax + 1), 413, IMPORT_MESSAGES.zipTooLarge],
  ])('%s is refused', (_, file, status, message) => {
    expect(refusalOf(file)).toEqual({ status, message });
  });

  it('is refused past the items one import takes', () => {
    const rows = Array.from({ length: IMPORT_LIMITS.itemsMax + 1 }, (_, index) => ({ TYPE: 'task', CONTENT: `Task ${index}`, PRIORITY: '4' }));
    expect(refusalOf(todoistCsv(rows))).toEqual({ status: 400, message: IMPORT_MESSAGES.tooManyItems });
  });
});
