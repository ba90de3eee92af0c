import { TRASH_RETENTION_DAYS } from '../../shared/constants';
import { DAY_MS } from '../../shared/dates';
import { emptyTrash, purgeItems, restoreItems, trashSelectionOf } from '../items/service';
import { listTrash } from '../items/repository';
import { httpHandler, ok } from '../platform/http';

/** Whole days left before the purge; 0 reads 'Expiring today'. */
export function daysRemaining(deletedAt: string, now: Date): number {
  const left = Date.parse(deletedAt) + TRASH_RETENTION_DAYS * DAY_MS - now.getTime();
  return Math.max(0, Math.floor(left / DAY_MS));
}

export const handler = httpHandler('trash', {
  'GET /api/trash': async ({ userId, now }) => {
    const entries = await listTrash(userId);
    return ok({
      items: entries.map((entry) => ({
        ...trashSelectionOf(entry),
        title: entry.title,
        deleted_at: entry.deleted_at,
        days_remaining: daysRemaining(entry.deleted_at, now),
      })),
    });
  },
  'POST /api/trash/restore': async ({ userId, body, now }) => ok({ restored: await restoreItems(userId, body.items, now) }),
  'POST /api/trash/delete': async ({ userId, body, now }) => ok({ deleted: await purgeItems(userId, body.items, now) }),
  'POST /api/trash/empty': async ({ userId, now }) => ok({ deleted: await emptyTrash(userId, now) }),
});
