import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signedInAccount } from './support/app-data';
import { markConnectPromptShown } from './support/google';

/** A fresh account on the Calendar's week of Feb 10, 2027, where the Google connect dialog does not come to take the focus. */
async function onTheCalendar(page: Page, request: APIRequestContext, purpose: string) {
  await markConnectPromptShown(page);
  return signedInAccount(page, request, purpose, '/calendar?view=week&date=2027-02-10');
}

test('words pasted and entered at once on the Calendar make the event they describe, even before the date reader arrives', async ({ page, request }) => {
  const user = await onTheCalendar(page, request, 'quick-add-race');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();

  // The scripts the page asks for from now on (the date reader comes on the field's first focus)
  // wait until the words are entered, as on a slow network, and only then arrive.
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  const field = page.getByLabel('Quick add');
  await field.focus();
  await page.keyboard.insertText('Team lunch Feb 10 2027 at 12:30');
  await field.press('Enter');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  release();

  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Wednesday, Feb 10, 2027' }).getByRole('button', { name: /Team lunch/ })).toContainText('12:30 PM');
  expect((await user.api.get('/api/events')).items).toMatchObject([{ title: 'Team lunch', start_time: '2027-02-10T12:30:00.000Z' }]);
  expect((await user.api.get('/api/tasks')).items).toEqual([]);
});

test('a reminder in the words shows among what was understood, and the event keeps it', async ({ page, request }) => {
  const user = await onTheCalendar(page, request, 'quick-add-reminder');
  const field = page.getByLabel('Quick add');
  await expect(field).toHaveAccessibleDescription(/“remind me 10 min before”/);
  await field.fill('Dentist Feb 10 2027 at 3pm remind me an hour before remind me at the start');
  const understood = page.getByRole('list', { name: 'What was understood' });
  await expect(understood.getByRole('listitem')).toHaveText(['Event', 'Feb 10, 2027', '3:00 PM', 'Reminder: 1 hour before', 'Reminder: At the time']);
  await field.press('Enter');

  await expect(page.getByText('Event created successfully')).toBeVisible();
  expect((await user.api.get('/api/events')).items).toMatchObject([{ title: 'Dentist', start_time: '2027-02-10T15:00:00.000Z', reminders: [60, 0] }]);
});
