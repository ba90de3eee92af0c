import { trashDaysLeft } from '../../shared/trash';
import { emptyTrash, listTrashed, purgeItems, restoreItems } from '../items/service';
import { httpHandler, ok } from '../platform/http';
import { getSettings } from '../settings/account-settings';

export const handler = httpHandler('trash', {
  'GET /api/trash': async ({ userId, now }) => {
    const [trashed, { settings }] = await Promise.all([listTrashed(userId), getSettings(userId)]);
    return ok({ items: trashed.map((item) => ({ ...item, days_remaining: trashDaysLeft(item.deleted_at, now, settings.preferred_timezone) })) });
  },
  'POST /api/trash/restore': async ({ userId, body, now }) => ok({ restored: await restoreItems(userId, body.items, now) }),
  'POST /api/trash/delete': async ({ userId, body }) => ok({ deleted: await purgeItems(userId, body.items) }),
  'POST /api/trash/empty': async ({ userId }) => ok({ deleted: await emptyTrash(userId) }),
});
