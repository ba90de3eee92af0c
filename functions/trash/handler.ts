import { trashDaysLeft } from '../../shared/trash';
import { emptyTrash, purgeItems, restoreItems, trashSelectionOf } from '../items/service';
import { listTrash } from '../items/repository';
import { httpHandler, ok } from '../platform/http';
import { getSettings } from '../settings/repository';

export const handler = httpHandler('trash', {
  'GET /api/trash': async ({ userId, now }) => {
    const [entries, { settings }] = await Promise.all([listTrash(userId), getSettings(userId)]);
    return ok({
      items: entries.map((entry) => ({
        ...trashSelectionOf(entry),
        title: entry.title,
        deleted_at: entry.deleted_at,
        days_remaining: trashDaysLeft(entry.deleted_at, now, settings.preferred_timezone),
      })),
    });
  },
  'POST /api/trash/restore': async ({ userId, body, now }) => ok({ restored: await restoreItems(userId, body.items, now) }),
  'POST /api/trash/delete': async ({ userId, body }) => ok({ deleted: await purgeItems(userId, body.items) }),
  'POST /api/trash/empty': async ({ userId }) => ok({ deleted: await emptyTrash(userId) }),
});
