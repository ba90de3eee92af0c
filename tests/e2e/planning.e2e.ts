import { expect, test, type Page } from '@playwright/test';
import type { ChangeSet } from '../../shared/change-sets.schema';
import { reasonInWords } from '../../shared/planning-texts';
import { TIME_ZONES } from '../../shared/settings';
import { signedInAccount } from './support/app-data';
import { seriousViolations } from './support/axe';
import { installPageClock } from './support/clock';
import { markConnectPromptShown } from './support/google';

/**
 * The Plan my day (and week) buttons: the server plans from its own "now" to the end of the day in
 * the person's zone. So that a plan always has room, whatever the hour the test runs, the person's
 * zone is the one of the settings' zones where it is nearest 11:00 now, their working hours are
 * the whole day, and the page's clock is set to the same moment (its "today" is the server's).
 */

const HOUR = 3_600_000;
const ALL_DAY = { start: '00:00', end: '23:59' };

/** The zone whose wall clock is nearest 11:00 at `now`. */
function zoneNearEleven(now: number): string {
  const distance = (zone: string) => {
    const [hours, minutes] = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(now)
      .split(':')
      .map(Number);
    return Math.abs(hours! * 60 + minutes! - 11 * 60);
  };
  return TIME_ZONES.map((zone) => zone.id).sort((a, b) => distance(a) - distance(b))[0]!;
}

/** An account with a workday of 24 hours in a zone where it is late morning, three tasks and an event; the page's clock on the server's now. */
async function plannedAccount(page: Page, request: Parameters<typeof signedInAccount>[1], purpose: string) {
  const now = Date.now();
  const zone = zoneNearEleven(now);
  await markConnectPromptShown(page);
  const { api } = await signedInAccount(page, request, purpose, null);
  await api.put('/api/settings', {
    preferred_timezone: zone,
    working_hours: { MO: ALL_DAY, TU: ALL_DAY, WE: ALL_DAY, TH: ALL_DAY, FR: ALL_DAY, SA: ALL_DAY, SU: ALL_DAY },
    lunch_break: null,
    plan_buffer_minutes: 0,
  });
  const report = await api.create('tasks', {
    title: 'Write the report',
    priority: 'high',
    estimate_minutes: 60,
    due_date: new Date(now + 8 * HOUR).toISOString(),
  });
  const bank = await api.create('tasks', { title: 'Call the bank', estimate_minutes: 30 });
  // Longer than any free stretch left today: no room, and the proposal says why.
  await api.create('tasks', { title: 'Paint the house', estimate_minutes: 720 });
  // Six hours ahead: the stretches before and after it are both shorter than the house's 12 hours.
  const standupStart = Math.ceil((now + 6 * HOUR) / (15 * 60_000)) * 15 * 60_000;
  const standup = await api.create('events', {
    title: 'Standup',
    start_time: new Date(standupStart).toISOString(),
    end_time: new Date(standupStart + HOUR).toISOString(),
  });
  await installPageClock(page, { time: now });
  const events = async () => (await api.get('/api/events')).items as Array<{ id: string; title: string; task_id: string | null }>;
  const plan = async () => ((await api.get('/api/voice/change-sets')).items as ChangeSet[])[0]!;
  return { api, zone, report, bank, standup, events, plan };
}

const proposal = (page: Page) => page.locator('.plan-panel');

test(
  'Plan my day proposes blocks with their reasons, drawn dashed and saved only on Accept, only the checked ones; Undo all takes them back; Cancel saves nothing',
  { tag: '@phone' },
  async ({ page, request }) => {
    const { zone, report, standup, events, plan } = await plannedAccount(page, request, 'planning-day');
    await page.goto('/dashboard');
    const schedule = page.getByRole('region', { name: 'Daily Schedule' }).locator('.dash-list');
    await expect(schedule.getByRole('link', { name: /Standup/ })).toBeVisible();

    await page.getByRole('button', { name: 'Plan my day' }).click();
    const panel = proposal(page);
    await expect(panel.getByRole('heading', { name: 'Proposed plan' })).toBeVisible();
    const blocks = panel.getByRole('checkbox');
    await expect(blocks).toHaveCount(2);
    // Each block says why it sits there, in words, in the person's zone; all are checked.
    for (const line of (await plan()).lines) {
      const block = page.getByRole('checkbox', { name: new RegExp(line.title) });
      await expect(block).toBeChecked();
      await expect(panel.locator('label').filter({ has: block })).toContainText(reasonInWords(line.proposal!.reason, 'en', zone));
    }
    await expect(panel.getByText('No room for')).toBeVisible();
    await expect(panel).toContainText('Paint the house');
    // On the day's schedule, dashed and named as proposed; nothing is saved yet.
    const dashed = schedule.locator('.dash-item--proposed');
    await expect(dashed).toHaveCount(2);
    await expect(dashed.first()).toContainText('Proposed: ');
    expect((await events()).map((event) => event.id)).toEqual([standup.id]);
    expect(await seriousViolations(page)).toEqual([]);

    // By keyboard: Call the bank unchecked, then Accept.
    await panel.getByRole('checkbox', { name: /Call the bank/ }).focus();
    await page.keyboard.press('Space');
    await expect(panel.getByRole('checkbox', { name: /Call the bank/ })).not.toBeChecked();
    await panel.getByRole('button', { name: 'Accept' }).click();

    await expect(panel.getByRole('heading', { name: 'Saved to your calendar' })).toBeVisible();
    await expect(panel).toContainText('Not planned');
    await expect(dashed).toHaveCount(0);
    await expect(schedule.getByRole('link', { name: /Write the report/ })).toBeVisible();
    await expect(schedule.getByText('Call the bank')).toHaveCount(0);
    const saved = await events();
    expect(saved.map((event) => event.title).sort()).toEqual(['Standup', 'Write the report']);
    expect(saved.find((event) => event.title === 'Write the report')!.task_id).toBe(report.id);

    await panel.getByRole('button', { name: 'Undo all' }).click();
    await expect(schedule.getByRole('link', { name: /Write the report/ })).toHaveCount(0);
    await expect.poll(async () => (await events()).map((event) => event.id)).toEqual([standup.id]);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);

    // Another plan, turned down: nothing is left behind.
    await page.getByRole('button', { name: 'Plan my day' }).click();
    await expect(blocks).toHaveCount(2);
    await expect(dashed).toHaveCount(2);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('heading', { name: 'Nothing was planned' })).toBeVisible();
    await expect(dashed).toHaveCount(0);
    expect((await events()).map((event) => event.id)).toEqual([standup.id]);
    expect((await plan()).lines.map((line) => line.status)).toEqual(['declined', 'declined']);
  },
);

test("the Calendar's Plan my day draws the blocks dashed in the week, only the newest plan's; accepted, they are events that name their task", async ({
  page,
  request,
}) => {
  const { events, plan } = await plannedAccount(page, request, 'planning-calendar');
  await page.goto('/calendar?view=day');
  await expect(page.getByRole('button', { name: 'Plan my week' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Plan my week' })).toBeVisible();

  await page.getByRole('button', { name: 'Plan my day' }).click();
  const dashed = page.locator('.time-grid .cal-event--proposed');
  await expect(dashed).toHaveCount(2);
  await expect(dashed.filter({ hasText: 'Write the report' })).toContainText('Proposed: Write the report');
  expect(await events()).toHaveLength(1);
  const first = await plan();

  // Pressed again: a second plan of the same tasks, shown and drawn alone (no task twice); once it is answered, the first is not drawn either.
  const planned = page.waitForResponse((response) => response.url().endsWith('/api/planning/plans'));
  await page.getByRole('button', { name: 'Plan my day' }).click();
  const second = (await (await planned).json()) as ChangeSet;
  expect(second.id).not.toBe(first.id);
  // The button is busy until the page has taken in the new plan: then the panel is the second plan's.
  await expect(page.getByRole('button', { name: 'Plan my day' })).not.toHaveAttribute('aria-busy', 'true');
  await expect(dashed).toHaveCount(2);
  await proposal(page).getByRole('button', { name: 'Accept' }).click();
  await expect(dashed).toHaveCount(0);
  await expect.poll(async () => (await events()).length).toBe(3);
  expect((await plan()).lines.map((line) => line.status)).toEqual(['applied', 'applied']);
  await page
    .locator('.time-grid')
    .getByRole('button', { name: /Write the report/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Write the report' });
  await expect(details.getByRole('link', { name: 'Write the report' })).toBeVisible();
  await expect(details).toContainText('Task');
});
