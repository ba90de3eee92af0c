import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { TRASHABLE_KINDS } from './item-kinds';

export const itemId = z.uuid({ error: 'Not a valid id' });

/** Fields the server sets on every item; clients never send them. */
export const serverFields = {
  id: itemId,
  user_id: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
};

export const trashFields = { deleted_at: isoDateTime.nullable() };

/** The body of a reorder: every id of the list in its new order, first on top. */
export const ReorderSchema = z.strictObject({
  ids: z.array(itemId).min(1, 'Give the ids in their new order').max(5_000),
});

/** One entry of the trash listing (GET /api/trash), newest deletion first. */
export const TrashEntrySchema = z.object({
  kind: z.enum(TRASHABLE_KINDS),
  id: z.uuid(),
  title: z.string(),
  deleted_at: z.string(),
  days_remaining: z.number().int().min(0),
});
export type TrashEntry = z.infer<typeof TrashEntrySchema>;
