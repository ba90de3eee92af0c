import type { Page } from '@playwright/test';
import type { signedInAccount } from './app-data';

type Api = Awaited<ReturnType<typeof signedInAccount>>['api'];

/**
 * An event due 2 s from now on the server's clock (the same machine's), reminded at its start: the
 * local scheduler fires it for real. Ahead enough for the event to be made before its time on a
 * busy machine; a reminder whose schedule comes late still fires at once
 * (functions/reminders/on-item-change.ts), and its notice waits for a tab that looks later.
 */
export async function eventRemindedSoon(api: Api, title: string) {
  const start = new Date(Date.now() + 2_000);
  const event = await api.create('events', {
    title,
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    reminders: [0],
  });
  // The time as a reminder says it, in the person's zone (UTC in these tests) and language.
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(start);
  return { event, time };
}

/** A reminder's notice on screen, by its item's title. */
export const reminderNotice = (page: Page, title: string) => page.getByRole('region', { name: 'Reminders' }).getByRole('listitem', { name: title });
