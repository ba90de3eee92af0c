import type { Page } from '@playwright/test';

/**
 * What the signed-in pages kept for the next visit and for reading offline: the IndexedDB
 * database of each account this browser holds (`tempo-<user id>`), store `kept`, key → { data,
 * saved_at } (web/src/lib/offline/database.ts). Read from any page of the app's origin.
 */

/** The account databases the browser holds (a sign-out deletes its account's). */
export function accountDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).flatMap(({ name }) => (name?.startsWith('tempo-') ? [name] : [])));
}

/**
 * Runs on every kept entry of every account database: answers their keys, and with `agedByMs`
 * makes them that much older first (as if kept that long ago). Only databases that exist are
 * opened (opening a missing one would make it), and each is closed again, so that a sign-out's
 * deletion is not held up by the test.
 */
function onKeptEntries(page: Page, agedByMs: number): Promise<string[]> {
  return page.evaluate(async (agedBy) => {
    const done = (request: IDBRequest | IDBTransaction) =>
      new Promise<void>((resolve, reject) => {
        request.addEventListener(request instanceof IDBTransaction ? 'complete' : 'success', () => resolve());
        request.addEventListener('error', () => reject(request.error));
      });
    const keys: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('tempo-')) continue;
      const opening = indexedDB.open(name);
      await done(opening);
      const database = opening.result;
      try {
        if (!database.objectStoreNames.contains('kept')) continue;
        const transaction = database.transaction('kept', 'readwrite');
        const store = transaction.objectStore('kept');
        const cursorRequest = store.openCursor();
        cursorRequest.addEventListener('success', () => {
          const cursor = cursorRequest.result;
          if (!cursor) return;
          keys.push(String(cursor.key));
          const entry = cursor.value as { saved_at: string };
          if (agedBy) cursor.update({ ...entry, saved_at: new Date(Date.parse(entry.saved_at) - agedBy).toISOString() });
          cursor.continue();
        });
        await done(transaction);
      } finally {
        database.close();
      }
    }
    return keys.sort();
  }, agedByMs);
}

/** The keys of what the pages kept (the API paths they read: `/api/tasks`, `/api/settings`…). */
export const keptKeys = (page: Page) => onKeptEntries(page, 0);

/** Makes everything kept `ms` older, as if the pages had shown it that long ago. */
export async function ageKeptData(page: Page, ms: number): Promise<void> {
  await onKeptEntries(page, ms);
}
