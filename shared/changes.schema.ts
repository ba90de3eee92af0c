import { z } from 'zod';
import { STAMPED } from './changes';

/** GET /api/changes: the per-kind change counters a poll compares with the last ones it saw. */
export const ChangeStampsSchema = z.record(z.enum(STAMPED), z.number().int());
export type ChangeStamps = z.infer<typeof ChangeStampsSchema>;

/**
 * What the WebSocket sends to each of a user's open screens when their counters move: the same
 * counters a poll reads, never item data. A screen reads again only the lists whose counter moved.
 */
export interface ChangeNotice {
  stamps: ChangeStamps;
}
