import { DATA_EXPORT_FORMAT, DATA_EXPORT_LIMITS, DATA_EXPORT_VERSION } from '../../shared/data-export';
import type { DataExport, TrashedItem } from '../../shared/data-export.schema';
import { findItem, isTrashed, listItems, listTrashed } from '../items/service';
import { now } from '../platform/clock';
import { noticesShown } from '../reminders/notices-shown';
import { getSettings } from '../settings/account-settings';
import { listKeptChangeSets } from '../voice/change-sets';

/**
 * Everything the person has, as "Export my data" holds it (shared/data-export.schema.ts): each
 * record as the API answers it, read through each capability's own way in. Import's round trip
 * calls it in process.
 */
export async function exportAccount(userId: string, at: Date = now()): Promise<DataExport> {
  const [goals, tasks, events, tags, trash, { settings }, reminders, changeSets] = await Promise.all([
    listItems(userId, 'goals'),
    listItems(userId, 'tasks'),
    listItems(userId, 'events'),
    listItems(userId, 'tags'),
    trashedItems(userId),
    getSettings(userId),
    noticesShown(userId),
    listKeptChangeSets(userId, at, DATA_EXPORT_LIMITS.changeSets),
  ]);
  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exported_at: at.toISOString(),
    goals,
    tasks,
    events,
    tags,
    trash,
    settings,
    reminders,
    change_sets: changeSets,
  };
}

/** The trash's items whole (the trash's listing has their titles only), newest deletion first. */
async function trashedItems(userId: string): Promise<TrashedItem[]> {
  const entries = await listTrashed(userId);
  const items = await Promise.all(entries.map(async ({ kind, id }) => ({ kind, item: await findItem(userId, kind, id) })));
  // One restored or purged since the listing is no longer in the trash.
  return items.filter(({ item }) => item && isTrashed(item)) as TrashedItem[];
}
