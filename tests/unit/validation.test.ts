import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BugReportSchema } from '../../shared/bug-reports.schema';
import { endsAfterStart } from '../../shared/calendar-event-fields';
import { EventCreateSchema } from '../../shared/calendar-events.schema';
import { isoDateTime } from '../../shared/dates.schema';
import { MESSAGES } from '../../shared/messages';
import { isResetCode, passwordMeetsRules, PASSWORD_RULES, sanitizeResetCode } from '../../shared/accounts';
import { applySettings, defaultSettings, SettingsUpdateSchema } from '../../shared/settings.schema';
import { TaskCreateSchema } from '../../shared/tasks.schema';
import { EMAIL_PATTERN } from '../../shared/email';
import { WaitingListJoinSchema } from '../../shared/waiting-list.schema';
import { personNameProblem } from '../../shared/person-name';
import { escapeHtml } from '../../functions/platform/html';
import { handler as preSignUp } from '../../functions/auth/pre-sign-up';
import type { PreSignUpTriggerEvent } from 'aws-lambda';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('the sign-up name our mails greet by', () => {
  it('takes names of any script with spaces, apostrophes, hyphens and periods, and refuses markup, addresses and length', () => {
    for (const name of ['', 'Ada Lovelace', "J. R. O'Neil-Smith", 'Zoë Núñez', '李小龍', 'Ana-María de la O']) expect(personNameProblem(name), name).toBeNull();
    for (const name of ['<b>x</b>', 'Visit evil.example', 'a@b', 'Call 555 0100', 'Security alert: act now', 'x'.repeat(81)]) {
      expect(personNameProblem(name), name).not.toBeNull();
    }
    expect(personNameProblem('x'.repeat(81))).toBe(MESSAGES.nameTooLong);
    expect(personNameProblem('<b>x</b>')).toBe(MESSAGES.nameCharacters);
  });
});

describe('the pre sign-up trigger', () => {
  const event = (triggerSource: string, name: string) =>
    ({ triggerSource, request: { userAttributes: { email: 'a@example.com', name } }, response: {} }) as unknown as PreSignUpTriggerEvent;

  it('refuses a typed name that is not a name, and lets a first Google sign-in through whatever its Google name', async () => {
    await expect(preSignUp(event('PreSignUp_SignUp', 'Visit evil.example'))).rejects.toThrow(MESSAGES.nameCharacters);
    await expect(preSignUp(event('PreSignUp_AdminCreateUser', '<b>x</b>'))).rejects.toThrow(MESSAGES.nameCharacters);
    await expect(preSignUp(event('PreSignUp_SignUp', 'Ada Lovelace'))).resolves.toBeTruthy();
    await expect(preSignUp(event('PreSignUp_ExternalProvider', 'Ada 2 🙂'))).resolves.toBeTruthy();
  });
});

describe('escaping what a person typed into our mails', () => {
  it('shows markup as text', () => {
    expect(escapeHtml('<a href="https://evil.example">Reset</a> & more')).toBe('&lt;a href="https://evil.example"&gt;Reset&lt;/a&gt; &amp; more');
  });
});

describe('email pattern', () => {
  it.each(['a@b.co', 'first.last@sub.example.org'])('accepts %s', (email) => expect(EMAIL_PATTERN.test(email)).toBe(true));
  it.each(['', 'a@b', '@b.co', 'a b@c.de', 'a@b.', 'plain'])('refuses %j', (email) => expect(EMAIL_PATTERN.test(email)).toBe(false));
  it('trims on the waiting list and says the shared text', () => {
    expect(WaitingListJoinSchema.parse({ email: '  a@b.co ' }).email).toBe('a@b.co');
    expect(messagesOf(WaitingListJoinSchema.safeParse({ email: 'a@b' }))).toEqual([MESSAGES.invalidEmail]);
    expect(WaitingListJoinSchema.parse({ email: 'a@b.co', interest_area: '' }).interest_area).toBeNull();
  });
});

describe('reset code', () => {
  it('keeps only digits, at most six, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const code = sanitizeResetCode(typed);
        expect(code).toMatch(/^\d{0,6}$/);
        expect(isResetCode(code)).toBe(code.length === 6);
      }),
    );
    expect(sanitizeResetCode('12-34 56 78')).toBe('123456');
  });
});

describe('password rules', () => {
  it('needs 8+ characters with upper, lower, digit and special', () => {
    expect(passwordMeetsRules('Abcdef1!')).toBe(true);
    for (const weak of ['Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1']) expect(passwordMeetsRules(weak)).toBe(false);
    expect(PASSWORD_RULES.filter((rule) => !rule.test('abc')).map((rule) => rule.id)).toEqual(['length', 'upper', 'digit', 'special']);
  });
});

describe('bug report', () => {
  it('needs a description of at least 10 characters after trimming', () => {
    const base = { name: 'A', email: 'a@b.co' };
    expect(messagesOf(BugReportSchema.safeParse({ ...base, description: '   123456789   ' }))).toEqual([MESSAGES.descriptionTooShort]);
    expect(BugReportSchema.safeParse({ ...base, description: '1234567890' }).success).toBe(true);
    expect(messagesOf(BugReportSchema.safeParse({ ...base, email: 'a@b', description: '1234567890' }))).toEqual([MESSAGES.emailInvalid]);
  });
});

describe('task input', () => {
  it('defaults to pending, medium, no goal', () => {
    expect(TaskCreateSchema.parse({ title: 'x' })).toMatchObject({ status: 'pending', priority: 'medium', goal_id: null, due_date: null });
    expect(messagesOf(TaskCreateSchema.safeParse({ title: '' }))).toEqual([MESSAGES.taskTitleRequired]);
  });
});

describe('event times', () => {
  it('needs the end strictly after the start', () => {
    expect(endsAfterStart({ start_time: '2030-01-01T10:00:00Z', end_time: '2030-01-01T10:00:00Z', all_day: false })).toBe(false);
    expect(endsAfterStart({ start_time: '2030-01-01T10:00:00Z', end_time: '2030-01-01T10:00:01Z', all_day: false })).toBe(true);
  });

  it('treats all-day as 00:00 on the first day to 23:59 on the last', () => {
    expect(endsAfterStart({ start_time: '2030-01-01T00:00:00Z', end_time: '2030-01-01T00:00:00Z', all_day: true })).toBe(true);
    expect(endsAfterStart({ start_time: '2030-01-02T00:00:00Z', end_time: '2030-01-01T00:00:00Z', all_day: true })).toBe(false);
  });

  it('says which field is missing', () => {
    expect(messagesOf(EventCreateSchema.safeParse({}))).toEqual([MESSAGES.titleRequired, MESSAGES.startDateRequired, MESSAGES.endDateRequired]);
  });
});

describe('timestamps', () => {
  it.each([
    ['2030-01-01T10:00:00Z', true],
    ['2030-01-01T10:00:00.123+02:00', true],
    ['2030-02-29T00:00:00Z', false],
    ['2028-02-29T00:00:00Z', true],
    ['1969-12-31T23:59:59Z', false],
    ['2101-01-01T00:00:00Z', false],
    ['2030-01-01', false],
    ['tomorrow', false],
  ])('%s valid: %s', (value, valid) => expect(isoDateTime.safeParse(value).success).toBe(valid));

  it('accept exactly the years 1970 to 2100, with the range message outside them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (year, month, date) => {
        const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}T12:00:00Z`;
        const result = isoDateTime.safeParse(value);
        expect(result.success).toBe(year >= 1970 && year <= 2100);
        if (!result.success) expect(result.error.issues[0]!.message).toBe(MESSAGES.dateOutOfRange);
      }),
    );
  });
});

describe('settings', () => {
  it('accepts exactly the ranges of section 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), fc.integer({ min: -5, max: 30 }), fc.integer({ min: -5, max: 30 }), (past, months, hour) => {
        expect(SettingsUpdateSchema.safeParse({ sync_past_days: past }).success).toBe(past >= 0 && past <= 60);
        expect(SettingsUpdateSchema.safeParse({ sync_future_months: months }).success).toBe(months >= 1 && months <= 12);
        expect(SettingsUpdateSchema.safeParse({ calendar_start_hour: hour }).success).toBe(hour >= 0 && hour <= 23);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59 }), (minute) => {
        expect(SettingsUpdateSchema.safeParse({ calendar_start_minute: minute }).success).toBe(minute % 15 === 0);
      }),
    );
  });

  it('names the range when a number is missing or not whole', () => {
    for (const bad of [Number.NaN, 2.5, '7']) {
      const result = SettingsUpdateSchema.safeParse({ sync_past_days: bad, sync_future_months: bad, calendar_start_hour: bad });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Sync past days must be between 0 and 60',
        'Sync future months must be between 1 and 12',
        'Start hour must be 0 to 23',
      ]);
    }
  });

  it('takes time zones from the fixed list only', () => {
    expect(SettingsUpdateSchema.safeParse({ preferred_timezone: 'Asia/Kolkata' }).success).toBe(true);
    expect(SettingsUpdateSchema.safeParse({ preferred_timezone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('defaults per where the row is made, and saves no name with personalization off', () => {
    expect(defaultSettings('u', 'sign-up')).toMatchObject({ sync_past_days: 30, sync_future_months: 2, calendar_start_hour: 7, lang: 'en' });
    expect(defaultSettings('u', 'settings').sync_past_days).toBe(7);
    const saved = applySettings({ ...defaultSettings('u', 'settings'), full_name: 'Ann' }, { use_personalization: false }, '2030-01-01T00:00:00Z');
    expect(saved).toMatchObject({ full_name: null, use_personalization: false, updated_at: '2030-01-01T00:00:00Z' });
  });
});
