import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sendMail } from '../../functions/platform/mail';
import { reminderMail } from '../../functions/reminders/reminder-texts';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { MESSAGES } from '../../shared/messages';
import { PushSubscriptionCreateSchema } from '../../shared/push-subscriptions.schema';
import { withoutControlCharacters } from '../../shared/text';
import { CONTROL_FREE } from '../../shared/text.schema';

/** Every control character a text field refuses: C0 but tab and line feed, DEL, and C1. */
const REFUSED = [...Array.from({ length: 0x20 }, (_unused, code) => code).filter((code) => code !== 0x09 && code !== 0x0a), 0x7f]
  .concat(Array.from({ length: 0x20 }, (_unused, code) => 0x80 + code))
  .map((code) => String.fromCharCode(code));

/** Each free text a person types into an item, with a valid rest of the item, and the message that names it. */
const FIELDS = [
  { kind: 'goals', base: { title: 'Goal' }, field: 'title', message: MESSAGES.titleControlCharacters },
  { kind: 'goals', base: { title: 'Goal' }, field: 'description', message: MESSAGES.descriptionControlCharacters },
  { kind: 'tasks', base: { title: 'Task' }, field: 'title', message: MESSAGES.titleControlCharacters },
  { kind: 'tasks', base: { title: 'Task' }, field: 'description', message: MESSAGES.descriptionControlCharacters },
  {
    kind: 'events',
    base: { title: 'Event', start_time: '2026-12-04T10:00:00.000Z', end_time: '2026-12-04T11:00:00.000Z' },
    field: 'title',
    message: MESSAGES.titleControlCharacters,
  },
  {
    kind: 'events',
    base: { title: 'Event', start_time: '2026-12-04T10:00:00.000Z', end_time: '2026-12-04T11:00:00.000Z' },
    field: 'description',
    message: MESSAGES.descriptionControlCharacters,
  },
  {
    kind: 'events',
    base: { title: 'Event', start_time: '2026-12-04T10:00:00.000Z', end_time: '2026-12-04T11:00:00.000Z' },
    field: 'location',
    message: MESSAGES.locationControlCharacters,
  },
  { kind: 'tags', base: { name: 'tag' }, field: 'name', message: MESSAGES.tagNameControlCharacters },
] as const;

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('control characters in what a person types', () => {
  it('are refused in every title, description, location and tag name, by create and by update, with a message naming the field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIELDS),
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...REFUSED),
        fc.string({ maxLength: 20 }),
        (target, before, control, after) => {
          // Past the trim, so the character stays inside the text.
          const text = `${before}x${control}x${after}`;
          const schemas = ITEM_SCHEMAS[target.kind];
          for (const attempt of [schemas.create.safeParse({ ...target.base, [target.field]: text }), schemas.update.safeParse({ [target.field]: text })]) {
            expect(attempt.success).toBe(false);
            expect(messagesOf(attempt)).toContain(target.message);
          }
        },
      ),
    );
  });

  it('are refused in an item’s tag names and a browser’s name too', () => {
    const tagged = ITEM_SCHEMAS.tasks.create.safeParse({ title: 'Task', tags: ['ok', 'bad\u001b[31m'] });
    expect(messagesOf(tagged)).toContain(MESSAGES.tagNameControlCharacters);
    const browser = PushSubscriptionCreateSchema.safeParse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'BKey', auth: 'secret' },
      label: 'Chrome\r\nX-Header: 1',
    });
    expect(messagesOf(browser)).toContain(MESSAGES.browserNameControlCharacters);
  });

  it('leave tabs and line breaks in descriptions, and any other script, as typed', () => {
    const task = ITEM_SCHEMAS.tasks.create.parse({ title: 'Zoë’s 李 task\tnow', description: 'Line one\nLine two\tand a tab' });
    expect(task).toMatchObject({ title: 'Zoë’s 李 task\tnow', description: 'Line one\nLine two\tand a tab' });
  });

  it('never reach a mail header: the mail refuses them in the recipient and the subject, before anything is sent', async () => {
    await expect(sendMail({ to: 'a@example.com\r\nBcc: all@example.com', subject: 'Hi', text: '' })).rejects.toThrow(/control character/);
    await expect(sendMail({ to: 'a@example.com', subject: 'Hi\nBcc: all@example.com', text: '' })).rejects.toThrow(/control character/);
  });

  it('in a title that came in unchecked (a Google calendar’s), become one space in a reminder mail’s subject', () => {
    const mail = reminderMail(
      { kind: 'events', title: 'Call\r\nBcc: all@example.com\u0000', at: '2026-12-04T14:00:00.000Z', allDay: false },
      'https://x',
      'en',
      'UTC',
    );
    expect(mail.subject).toBe('Reminder: Call Bcc: all@example.com ');
    expect(mail.subject).not.toMatch(/\p{Cc}/u);
  });

  it('that come in from Google are dropped before an event is kept: line breaks of any kind become a line feed, tab stays', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const kept = withoutControlCharacters(text);
        expect(CONTROL_FREE.test(kept)).toBe(true);
      }),
    );
    expect(withoutControlCharacters('Call\r\nBcc: all@example.com\u0000\tnow\rlater')).toBe('Call\nBcc: all@example.com\tnow\nlater');
  });
});
