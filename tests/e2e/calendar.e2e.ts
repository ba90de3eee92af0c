import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONNECT_PROMPT_SHOWN, markConnectPromptShown, pretendGoogleIsNotConfigured } from './support/google';
import { seriousViolations } from './support/axe';
import { signedInAccount } from './support/app-data';
import { installPageClock } from './support/clock';

/**
 * The calendar page: views, navigation, slot click, the editor with every message
 * of section 5, details, deletion to the trash, the eventId link and the Google parts. The user's
 * zone is New York while the browser runs in Tokyo, so every time shown must be read in the user's
 * zone. The week of Sunday Feb 7, 2027 has no clock change in either.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const ZONE = 'America/New_York';
const SUNDAY = '2027-02-07';
const WEDNESDAY = '2027-02-10';

type CalendarUser = Awaited<ReturnType<typeof signedInAccount>>;

/** A fresh account in New York time, signed in with no page of the app loaded yet; unless a test is about it, the browser has seen the connect dialog. */
async function signIn(page: Page, request: APIRequestContext, purpose: string, { connectPromptSeen = true } = {}): Promise<CalendarUser> {
  if (connectPromptSeen) await markConnectPromptShown(page);
  const user = await signedInAccount(page, request, purpose, null);
  await user.api.put('/api/settings', { preferred_timezone: ZONE });
  return user;
}

/** An event at New York wall-clock times of a day (EST, UTC-5, in February). */
function at(day: string, time: string): string {
  return new Date(`${day}T${time}:00-05:00`).toISOString();
}

async function seedEvent(user: CalendarUser, fields: Record<string, unknown>): Promise<{ id: string; title: string }> {
  return user.api.create('events', { start_time: at(WEDNESDAY, '10:00'), end_time: at(WEDNESDAY, '11:00'), ...fields });
}

async function openCalendar(page: Page, query: string) {
  await page.goto(`/calendar?${query}`);
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const rangeHeading = (page: Page) => page.locator('.calendar-toolbar').getByRole('heading');
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

test('clicking an empty slot creates an event at that date and hour, in the user’s zone', { tag: '@phone' }, async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-slot');
  await openCalendar(page, `view=day&date=${WEDNESDAY}`);
  await page.getByRole('button', { name: 'New event on Feb 10, 2027 at 9:00 AM' }).click();

  const editor = dialog(page, 'New Event');
  await expect(editor.getByLabel('Start date')).toHaveValue(WEDNESDAY);
  await expect(editor.getByLabel('Start time')).toHaveValue('09:00');
  await expect(editor.getByLabel('End date')).toHaveValue(WEDNESDAY);
  await expect(editor.getByLabel('End time')).toHaveValue('10:00');
  await expect(editor.getByLabel('Title')).toBeFocused();
  await editor.getByLabel('Title').fill('Dentist');
  await editor.getByLabel('Location').fill('Main Street 1');
  await editor.getByLabel('Event type').selectOption('personal');
  await page.keyboard.press('ControlOrMeta+s');

  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(editor).toBeHidden();
  const block = page.getByRole('button', { name: /Dentist/ });
  await expect(block).toContainText('9:00 AM – 10:00 AM');
  // One hour in the day view is one 80 px row.
  expect((await block.boundingBox())?.height).toBeCloseTo(80, 0);

  const { items } = await user.api.get('/api/events');
  expect(items).toMatchObject([
    { title: 'Dentist', start_time: '2027-02-10T14:00:00.000Z', end_time: '2027-02-10T15:00:00.000Z', event_type: 'personal', location: 'Main Street 1' },
  ]);
});

test('the empty slots are one Tab stop, moved among with the arrow keys, and Enter creates an event there', { tag: '@phone' }, async ({ page, request }) => {
  await signIn(page, request, 'cal-slot-keys');
  await openCalendar(page, `view=week&date=${WEDNESDAY}`);
  const grid = page.locator('.time-grid');
  await expect(grid.getByRole('button', { name: /^New event on / })).toHaveCount((isMobile(page) ? 5 : 7) * 24);
  const tabStop = grid.locator('.time-grid__slot[tabindex="0"]');
  await expect(tabStop).toHaveCount(1);
  // The first day shown, at the configured start time (7:00 AM by default).
  const firstDay = isMobile(page) ? 'Feb 8, 2027' : 'Feb 7, 2027';
  await expect(tabStop).toHaveAccessibleName(`New event on ${firstDay} at 7:00 AM`);

  await tabStop.focus();
  const toWednesday = Array<string>(isMobile(page) ? 2 : 3).fill('ArrowRight');
  for (const key of ['ArrowDown', ...toWednesday, 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
  const wednesdayAt8 = grid.getByRole('button', { name: 'New event on Feb 10, 2027 at 8:00 AM' });
  await expect(wednesdayAt8).toBeFocused();
  await expect(tabStop).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(grid.getByRole('button', { name: 'New event on Feb 10, 2027 at 12:00 AM' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await expect(grid.getByRole('button', { name: 'New event on Feb 10, 2027 at 10:00 PM' })).toBeFocused();

  await page.keyboard.press('Enter');
  const editor = dialog(page, 'New Event');
  await expect(editor.getByLabel('Start date')).toHaveValue(WEDNESDAY);
  await expect(editor.getByLabel('Start time')).toHaveValue('22:00');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  // Tab leaves the slots at once, instead of walking through the other 167.
  await grid.getByRole('button', { name: 'New event on Feb 10, 2027 at 10:00 PM' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('.time-grid__slot:focus')).toHaveCount(0);

  // The month's days likewise: one stop, on the month's first day (today is in another month), a week a row.
  await openCalendar(page, `view=month&date=${WEDNESDAY}`);
  const monthStop = page.locator('.month-cell__slot[tabindex="0"]');
  await expect(monthStop).toHaveCount(1);
  await expect(monthStop).toHaveAccessibleName('New event on Feb 1, 2027 at 7:00 AM');
  await monthStop.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'New event on Feb 7, 2027 at 7:00 AM' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Start date')).toHaveValue(SUNDAY);
  await expect(editor.getByLabel('Start time')).toHaveValue('07:00');
});

test('New Event shows every message of the editor, then creates the event', { tag: '@phone' }, async ({ page, request }) => {
  await signIn(page, request, 'cal-new');
  await openCalendar(page, `view=week&date=${WEDNESDAY}`);
  await page.getByRole('button', { name: 'New Event', exact: true }).click();
  const editor = dialog(page, 'New Event');
  const save = editor.getByRole('button', { name: 'Create Event' });

  for (const field of ['Start date', 'Start time', 'End date', 'End time']) await editor.getByLabel(field).fill('');
  await save.click();
  for (const message of ['Title is required', 'Start date is required', 'Start time is required', 'End date is required', 'End time is required']) {
    await expect(editor.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(editor.getByLabel('Title')).toBeFocused();

  // All-day events need no times.
  await editor.getByLabel('All day').check();
  await expect(editor.getByLabel('Start time')).toBeHidden();
  await expect(editor.getByText('Start time is required')).toBeHidden();
  await editor.getByLabel('All day').uncheck();

  await editor.getByLabel('Title').fill('Planning');
  await expect(editor.getByText('Title is required')).toBeHidden();
  await editor.getByLabel('Start date').fill(WEDNESDAY);
  await editor.getByLabel('Start time').fill('14:00');
  await editor.getByLabel('End date').fill(WEDNESDAY);
  await editor.getByLabel('End time').fill('14:00');
  await expect(editor.getByText('End time must be after start time')).toBeVisible();
  await editor.getByLabel('End time').fill('13:00');
  await expect(editor.getByText('End time must be after start time')).toBeVisible();
  await save.click();
  await expect(editor).toBeVisible();

  // An all-day event runs 00:00 to 23:59: ending the day it starts is fine, the day before is not.
  await editor.getByLabel('All day').check();
  await expect(editor.getByText('End time must be after start time')).toBeHidden();
  await editor.getByLabel('End date').fill('2027-02-09');
  await expect(editor.getByText('End time must be after start time')).toBeVisible();
  await editor.getByLabel('All day').uncheck();
  await editor.getByLabel('End date').fill(WEDNESDAY);
  await editor.getByLabel('End time').fill('15:30');
  await expect(editor.getByText('End time must be after start time')).toBeHidden();
  await save.click();

  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /Planning/ })).toContainText('2:00 PM – 3:30 PM');
});

test('Escape closes the editor without saving', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-esc');
  await openCalendar(page, `view=day&date=${WEDNESDAY}`);
  await page.getByRole('button', { name: 'New event on Feb 10, 2027 at 3:00 PM' }).click();
  await dialog(page, 'New Event').getByLabel('Title').fill('Never saved');
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'New Event')).toBeHidden();
  expect((await user.api.get('/api/events')).items).toEqual([]);
});

test('an event’s details lead to the editor, and the change is saved', { tag: '@phone' }, async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-edit');
  await seedEvent(user, { title: 'Team sync', location: 'Room 4', description: 'Weekly check-in', event_type: 'meeting' });
  await openCalendar(page, `view=week&date=${SUNDAY}`);

  await page.getByRole('button', { name: /Team sync/ }).click();
  const details = dialog(page, 'Team sync');
  await expect(details).toContainText('Feb 10, 2027, 10:00 AM – 11:00 AM');
  await expect(details).toContainText('Room 4');
  await expect(details).toContainText('Weekly check-in');
  await expect(details).toContainText('Meeting');
  await expect(page).toHaveURL(/eventId=/);

  await details.getByRole('button', { name: 'Edit' }).click();
  const editor = dialog(page, 'Edit Event');
  await expect(editor.getByLabel('Start time')).toHaveValue('10:00');
  await editor.getByLabel('Title').fill('Team sync (moved)');
  await editor.getByLabel('Start time').fill('13:00');
  await editor.getByLabel('End time').fill('13:45');
  await editor.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /Team sync \(moved\)/ })).toContainText('1:00 PM – 1:45 PM');
  await expect(page).not.toHaveURL(/eventId=/);
});

test('deleting an event asks first, then moves it to the trash', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-delete');
  const event = await seedEvent(user, { title: 'Old meeting' });
  await openCalendar(page, `eventId=${event.id}`);

  const details = dialog(page, 'Old meeting');
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this event? This will move it to trash.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(details).toBeVisible();

  await details.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event moved to trash')).toBeVisible();
  await expect(details).toBeHidden();
  await expect(page.getByRole('button', { name: /Old meeting/ })).toHaveCount(0);
  const trash = await user.api.get('/api/trash');
  expect(trash.items).toMatchObject([{ kind: 'events', id: event.id, title: 'Old meeting' }]);
});

test('?eventId= opens the event’s details on its week', { tag: '@phone' }, async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-link');
  const event = await seedEvent(user, {
    title: 'Linked event',
    all_day: true,
    start_time: `${WEDNESDAY}T00:00:00.000Z`,
    end_time: `${WEDNESDAY}T00:00:00.000Z`,
  });
  await openCalendar(page, `eventId=${event.id}`);
  await expect(dialog(page, 'Linked event')).toContainText('Feb 10, 2027 (All day)');
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Linked event')).toBeHidden();
  await expect(rangeHeading(page)).toHaveText(isMobile(page) ? 'Feb 8, 2027 – Feb 12, 2027' : 'Feb 7, 2027 – Feb 13, 2027');
  await expect(page.getByRole('button', { name: /Linked event/ })).toBeVisible();
});

test('day, week and month views step back and forth, and Today comes home', { tag: '@phone' }, async ({ page, request }) => {
  await signIn(page, request, 'cal-nav');
  await openCalendar(page, `date=${WEDNESDAY}`);
  const mobile = isMobile(page);

  // The week starts on Sunday; phones show Monday to Friday.
  await expect(rangeHeading(page)).toHaveText(mobile ? 'Feb 8, 2027 – Feb 12, 2027' : 'Feb 7, 2027 – Feb 13, 2027');
  await expect(page.getByRole('group', { name: /, Feb \d+, 2027$/ })).toHaveCount(mobile ? 5 : 7);
  // The week opens at the configured start time too: 7 rows of 64 px.
  await expect.poll(() => page.locator('.time-grid').evaluate((grid) => grid.scrollTop)).toBe(7 * 64);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(rangeHeading(page)).toHaveText(mobile ? 'Feb 15, 2027 – Feb 19, 2027' : 'Feb 14, 2027 – Feb 20, 2027');

  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(rangeHeading(page)).toHaveText('Wednesday, Feb 17, 2027');
  // The view opens at the configured start time, 7:00 by default: 7 rows of 80 px.
  await expect.poll(() => page.locator('.time-grid').evaluate((grid) => grid.scrollTop)).toBe(7 * 80);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(rangeHeading(page)).toHaveText('Tuesday, Feb 16, 2027');

  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(rangeHeading(page)).toHaveText('February 2027');
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(rangeHeading(page)).toHaveText('March 2027');
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(rangeHeading(page)).toHaveText('January 2027');

  await page.getByRole('button', { name: 'Today' }).click();
  const todayInNewYork = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, month: 'long', year: 'numeric' }).format(new Date());
  await expect(rangeHeading(page)).toHaveText(todayInNewYork);
});

test('opened on a Saturday, the week shows today, on a phone too (Monday to Friday and the Saturday)', { tag: '@phone' }, async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-weekend');
  // The last Saturday in New York, at noon: earlier than the session's tokens were made, never later.
  const newYorkWeekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(new Date());
  const daysBack = (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(newYorkWeekday) + 1) % 7;
  const saturday = new Date(Date.now() - daysBack * 86_400_000).toLocaleDateString('en-CA', { timeZone: ZONE });
  await seedEvent(user, { title: 'Farmers market', start_time: at(saturday, '10:00'), end_time: at(saturday, '11:00') });
  await installPageClock(page, { time: new Date(at(saturday, '12:00')) });
  await page.goto('/calendar');

  const label = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' });
  const daysBefore = (day: string, count: number) => new Date(Date.parse(`${day}T12:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
  const columns = page.locator('.time-grid__column');
  await expect(columns).toHaveCount(isMobile(page) ? 6 : 7);
  await expect(columns.first()).toHaveAccessibleName(label(daysBefore(saturday, isMobile(page) ? 5 : 6)));
  await expect(columns.last()).toHaveAccessibleName(label(saturday));
  // Down the page to the morning's hours, as a person scrolls: the Saturday's column is on the screen without scrolling sideways.
  const market = dayColumn(page, label(saturday)).getByRole('button', { name: /Farmers market/ });
  await market.evaluate((element) => window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 100 }));
  await expect(market).toBeInViewport();
});

test('a month day shows 2 all-day events, fills up to 4 entries, then +N more', { tag: '@phone' }, async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-month');
  for (const title of ['Holiday A', 'Holiday B', 'Holiday C']) {
    await seedEvent(user, { title, all_day: true, start_time: `${WEDNESDAY}T00:00:00.000Z`, end_time: `${WEDNESDAY}T00:00:00.000Z` });
  }
  for (const [title, hour] of [
    ['Call 1', '09'],
    ['Call 2', '11'],
    ['Call 3', '15'],
  ] as const) {
    await seedEvent(user, { title, start_time: at(WEDNESDAY, `${hour}:00`), end_time: at(WEDNESDAY, `${hour}:30`) });
  }
  await openCalendar(page, `view=month&date=${WEDNESDAY}`);

  const cell = page.getByRole('group', { name: 'Feb 10, 2027', exact: true });
  await expect(cell.getByRole('listitem')).toHaveCount(4);
  // Which two of the all-day events show is the list order's choice (they start together).
  await expect(cell.getByRole('button', { name: /Holiday/ })).toHaveCount(2);
  for (const title of ['Call 1', 'Call 2']) await expect(cell.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await cell.getByRole('button', { name: '+2 more on Feb 10, 2027' }).click();

  await expect(rangeHeading(page)).toHaveText('Wednesday, Feb 10, 2027');
  for (const title of ['Holiday A', 'Holiday B', 'Holiday C', 'Call 1', 'Call 2', 'Call 3']) {
    await expect(page.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  }
});

test('without Google configured there is no Sync button and no connect dialog', async ({ page, request }) => {
  await signIn(page, request, 'cal-google', { connectPromptSeen: false });
  await pretendGoogleIsNotConfigured(page);
  await openCalendar(page, '');
  await expect(page.getByRole('button', { name: 'New Event', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sync' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), CONNECT_PROMPT_SHOWN)).toBeNull();
});

test('a user without Google connected is offered to connect once, and there is no Sync button', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-prompt', { connectPromptSeen: false });
  expect(await user.api.get('/api/gcal/status')).toMatchObject({ configured: true, connected: false });
  await openCalendar(page, '');
  const prompt = dialog(page, 'Connect Google Calendar');
  await expect(prompt).toContainText('You can connect it later from Settings.');
  await expect(page.getByRole('button', { name: 'Sync' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();

  // Remembered in this browser: once Google's status is in (and rendered), no dialog.
  const statusAnswered = page.waitForResponse('**/api/gcal/status');
  await page.reload();
  await (await statusAnswered).finished();
  await expect(page.getByRole('button', { name: 'New Event', exact: true })).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('no serious accessibility violation in any view, the details or the editor', { tag: '@phone' }, async ({ page, request }) => {
  // Five axe runs over pages of some hundred buttons.
  test.slow();
  const user = await signIn(page, request, 'cal-axe');
  await seedEvent(user, { title: 'Review', tags: ['work'] });
  await seedEvent(user, { title: 'Trip', all_day: true, start_time: `${WEDNESDAY}T00:00:00.000Z`, end_time: '2027-02-11T00:00:00.000Z' });

  for (const view of ['day', 'week', 'month']) {
    await openCalendar(page, `view=${view}&date=${WEDNESDAY}`);
    await expect(page.getByRole('button', { name: /Trip/ }).first()).toBeVisible();
    expect(await seriousViolations(page), view).toEqual([]);
  }

  await page
    .getByRole('button', { name: /Review/ })
    .first()
    .click();
  await expect(dialog(page, 'Review')).toBeVisible();
  expect(await seriousViolations(page), 'details').toEqual([]);

  await dialog(page, 'Review').getByRole('button', { name: 'Edit' }).click();
  const editor = dialog(page, 'Edit Event');
  await editor.getByLabel('Title').fill('');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editor.getByText('Title is required')).toBeVisible();
  expect(await seriousViolations(page), 'editor').toEqual([]);
});

/** The day column of the week view, as it names itself. */
const dayColumn = (page: Page, name: string) => page.getByRole('group', { name });

test('a weekly series made in the editor repeats on its weekdays at 9:00 across the clock change', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-series');
  // New York moves its clocks on Sunday March 14, 2027.
  await openCalendar(page, 'view=week&date=2027-02-28');
  await page.getByRole('button', { name: 'New event on Mar 1, 2027 at 9:00 AM' }).click();
  const editor = dialog(page, 'New Event');
  await editor.getByLabel('Title').fill('Standup');
  await editor.getByLabel('Repeat').selectOption('WEEKLY');
  await editor.getByRole('checkbox', { name: 'Thursday' }).check();
  await editor.getByLabel('Ends').selectOption('after');
  await editor.getByLabel('Times').fill('5');
  await expect(editor).toContainText('Every week, on Mon and Thu, 5 times');
  await editor.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  const [saved] = (await user.api.get('/api/events')).items;
  expect(saved.recurrence).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5', time_zone: ZONE, exceptions: [] });
  await expect(dayColumn(page, 'Monday, Mar 1, 2027').getByRole('button', { name: /Standup/ })).toContainText('9:00 AM');
  await expect(dayColumn(page, 'Thursday, Mar 4, 2027').getByRole('button', { name: /Standup/ })).toContainText('9:00 AM');

  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(dayColumn(page, 'Monday, Mar 15, 2027').getByRole('button', { name: /Standup/ })).toContainText('9:00 AM – 10:00 AM');
  await expect(dayColumn(page, 'Thursday, Mar 18, 2027').getByRole('button', { name: /Standup/ })).toHaveCount(0);

  await dayColumn(page, 'Monday, Mar 15, 2027')
    .getByRole('button', { name: /Standup/ })
    .click();
  await expect(dialog(page, 'Standup')).toContainText('Every week, on Mon and Thu, 5 times');
});

test('deleting from a series asks first, then which: this event (to the trash, whence it comes back), this and following (to the trash as one entry), or all', async ({
  page,
  request,
}) => {
  const user = await signIn(page, request, 'cal-series-delete');
  const series = await seedEvent(user, { title: 'Walk', recurrence: { rule: 'FREQ=DAILY', time_zone: ZONE } });
  await openCalendar(page, `view=week&date=${SUNDAY}`);
  const walkOn = (day: string) => dayColumn(page, day).getByRole('button', { name: /Walk/ });
  await expect(walkOn('Thursday, Feb 11, 2027')).toBeVisible();

  await walkOn('Thursday, Feb 11, 2027').click();
  await dialog(page, 'Walk').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete event' });
  await expect(confirm).toContainText('Are you sure you want to delete this event? This will move it to trash.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await dialog(page, 'Walk').getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const scope = dialog(page, 'Delete recurring event');
  await expect(scope.getByRole('radio', { name: 'This event' })).toBeChecked();
  await scope.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Event moved to trash')).toBeVisible();
  await expect(walkOn('Thursday, Feb 11, 2027')).toHaveCount(0);
  await expect(walkOn('Friday, Feb 12, 2027')).toBeVisible();

  // The occurrence is in the trash, and comes back from it (as an event of its own) at its time.
  await page.goto('/trash');
  await page.getByRole('button', { name: 'Restore Walk' }).click();
  await expect(page.getByText('1 items restored successfully')).toBeVisible();
  await openCalendar(page, `view=week&date=${SUNDAY}`);
  await expect(walkOn('Thursday, Feb 11, 2027')).toHaveCount(1);
  await walkOn('Thursday, Feb 11, 2027').click();
  await expect(dialog(page, 'Walk')).not.toContainText('Every day');
  await dialog(page, 'Walk').press('Escape');

  await walkOn('Friday, Feb 12, 2027').click();
  await dialog(page, 'Walk').getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await scope.getByRole('radio', { name: 'This and following events' }).check();
  await scope.getByRole('button', { name: 'OK' }).click();
  // They go to the trash as one entry (tests/e2e/trash.e2e.ts restores one).
  await expect(page.getByText('Event moved to trash')).toBeVisible();
  await expect(walkOn('Friday, Feb 12, 2027')).toHaveCount(0);
  await expect(walkOn('Saturday, Feb 13, 2027')).toHaveCount(0);
  await expect(walkOn('Wednesday, Feb 10, 2027')).toBeVisible();

  await walkOn('Wednesday, Feb 10, 2027').click();
  await dialog(page, 'Walk').getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await scope.getByRole('radio', { name: 'All events' }).check();
  await scope.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: /Walk/ })).toHaveCount(1);
  await expect(walkOn('Thursday, Feb 11, 2027')).toHaveCount(1);
  // The calendar shows the series gone at once, before the server has answered: the trash has it a moment later.
  await expect
    .poll(async () => (await user.api.get('/api/trash')).items)
    .toMatchObject([
      { kind: 'events', id: series.id },
      { kind: 'events', title: 'Walk' },
    ]);
});

/** Opens a daily series' occurrence on a week-view day, gives it new times, and saves them for the scope chosen. */
async function moveOccurrence(page: Page, title: string, day: string, [start, end]: [string, string], choice: string) {
  await dayColumn(page, day)
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await dialog(page, title).getByRole('button', { name: 'Edit' }).click();
  const editor = dialog(page, 'Edit Event');
  await expect(editor.getByLabel('Repeat')).toHaveValue('DAILY');
  await editor.getByLabel('Start time').fill(start);
  await editor.getByLabel('End time').fill(end);
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  const scope = dialog(page, 'Edit recurring event');
  await scope.getByRole('radio', { name: choice }).check();
  await scope.getByRole('button', { name: 'OK' }).click();
  await expect(editor).toBeHidden();
}

test('editing one occurrence moves only it; editing all moves the whole series', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-series-edit');
  await seedEvent(user, {
    title: 'Review',
    start_time: at('2027-02-08', '10:00'),
    end_time: at('2027-02-08', '11:00'),
    recurrence: { rule: 'FREQ=DAILY;COUNT=5', time_zone: ZONE },
  });
  await openCalendar(page, `view=week&date=${SUNDAY}`);
  const reviewOn = (day: string) => dayColumn(page, day).getByRole('button', { name: /Review/ });

  await moveOccurrence(page, 'Review', 'Wednesday, Feb 10, 2027', ['13:00', '14:00'], 'This event');
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(reviewOn('Wednesday, Feb 10, 2027')).toContainText('1:00 PM');
  await expect(reviewOn('Thursday, Feb 11, 2027')).toContainText('10:00 AM');
  await expect(reviewOn('Monday, Feb 8, 2027')).toContainText('10:00 AM');

  await moveOccurrence(page, 'Review', 'Thursday, Feb 11, 2027', ['08:00', '09:00'], 'All events');
  await expect(reviewOn('Monday, Feb 8, 2027')).toContainText('8:00 AM');
  await expect(reviewOn('Friday, Feb 12, 2027')).toContainText('8:00 AM');
  await expect(reviewOn('Wednesday, Feb 10, 2027')).toContainText('1:00 PM');
  expect((await user.api.get('/api/events')).items).toHaveLength(2);
});

test('editing this and following starts a new series there; a series trashed whole comes back from the trash', async ({ page, request }) => {
  const user = await signIn(page, request, 'cal-series-following');
  await seedEvent(user, {
    title: 'Yoga',
    start_time: at('2027-02-08', '07:00'),
    end_time: at('2027-02-08', '08:00'),
    recurrence: { rule: 'FREQ=DAILY;COUNT=5', time_zone: ZONE },
  });
  await openCalendar(page, `view=week&date=${SUNDAY}`);
  const yogaOn = (day: string) => dayColumn(page, day).getByRole('button', { name: /Yoga/ });

  await moveOccurrence(page, 'Yoga', 'Wednesday, Feb 10, 2027', ['18:00', '19:00'], 'This and following events');
  for (const day of ['Monday, Feb 8, 2027', 'Tuesday, Feb 9, 2027']) await expect(yogaOn(day)).toContainText('7:00 AM');
  for (const day of ['Wednesday, Feb 10, 2027', 'Thursday, Feb 11, 2027', 'Friday, Feb 12, 2027']) await expect(yogaOn(day)).toContainText('6:00 PM');
  await expect(yogaOn('Saturday, Feb 13, 2027')).toHaveCount(0);
  const rules = (await user.api.get('/api/events')).items.map((event: { recurrence: { rule: string } }) => event.recurrence.rule).sort();
  expect(rules).toEqual(['FREQ=DAILY;COUNT=2', 'FREQ=DAILY;COUNT=3']);

  await yogaOn('Friday, Feb 12, 2027').click();
  await dialog(page, 'Yoga').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete event' }).getByRole('button', { name: 'Delete' }).click();
  await dialog(page, 'Delete recurring event').getByRole('radio', { name: 'All events' }).check();
  await dialog(page, 'Delete recurring event').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Event moved to trash')).toBeVisible();
  await expect(yogaOn('Wednesday, Feb 10, 2027')).toHaveCount(0);

  await page.goto('/trash');
  await page.getByRole('button', { name: 'Restore Yoga' }).click();
  await expect(page.getByText('1 items restored successfully')).toBeVisible();
  await openCalendar(page, `view=week&date=${SUNDAY}`);
  for (const day of ['Wednesday, Feb 10, 2027', 'Friday, Feb 12, 2027']) await expect(yogaOn(day)).toContainText('6:00 PM');
  await expect(yogaOn('Monday, Feb 8, 2027')).toContainText('7:00 AM');
});
