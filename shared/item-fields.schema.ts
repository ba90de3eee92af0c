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
  /** 1 when made, one more on every write of the item's content (not a reorder): what an `If-Match` names. */
  version: z.number().int().min(1),
};

/**
 * A create may name the new item's id (an offline client names it before the server hears of it);
 * without one the server makes it. The assistant's tools never do: their processor makes its own.
 */
export const chosenId = { id: itemId.optional() };

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
  /** A repeating event's rule and the day (in its series' zone) it repeats from, for the trash to say which occurrences it holds. */
  repeats: z.object({ rule: z.string(), from: z.iso.date() }).optional(),
});
export type TrashEntry = z.infer<typeof TrashEntrySchema>;
