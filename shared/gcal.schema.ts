import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { INITIAL_SYNC_STATES, MIRROR_ACTIONS, MIRROR_CHANGES, MIRROR_OUTCOMES } from './gcal';

export const GcalConnectSchema = z.strictObject({
  /** Also ask for write access (incremental consent), so local event changes mirror out. */
  write: z.boolean().default(false),
});

export const GcalConnectAnswerSchema = z.object({ url: z.url() });

/** What Google puts on the redirect back to the callback. */
export const GcalCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  scope: z.string().optional(),
});

/** The first sync after connecting, run on the bus; `message` is the toast to show once it ended. */
export const InitialSyncSchema = z.object({
  status: z.enum(INITIAL_SYNC_STATES),
  synced: z.number().int().min(0).nullable(),
  message: z.string().nullable(),
});
export type InitialSync = z.infer<typeof InitialSyncSchema>;

export const GcalStatusSchema = z.object({
  /** False when this server has no Google client: the web app hides Connect. */
  configured: z.boolean(),
  connected: z.boolean(),
  write_access: z.boolean(),
  initial_sync: InitialSyncSchema.nullable(),
  /** Changes made here that Google could not take yet (an outage, a rate limit), or null when none waits. */
  waiting: z
    .object({
      /** How many events wait (counted up to GCAL_WAITING_COUNTED). */
      changes: z.number().int().min(1),
      /** When Google first failed one of them. */
      since: z.string(),
      /** When Google is tried again. */
      next_try_at: z.string(),
    })
    .nullable(),
});
export type GcalStatus = z.infer<typeof GcalStatusSchema>;

export const GcalSyncSchema = z.strictObject({});
export const GcalSyncAnswerSchema = z.object({
  /** Events added, changed or removed locally by this sync. */
  synced: z.number().int().min(0),
});
export type GcalConnectAnswer = z.infer<typeof GcalConnectAnswerSchema>;
export type GcalSyncAnswer = z.infer<typeof GcalSyncAnswerSchema>;

export const GcalDisconnectAnswerSchema = z.object({
  disconnected: z.literal(true),
  /** Synced events removed. */
  removed: z.number().int().min(0),
});

/** One local event change and what the mirror did with it. */
export const MirrorLogEntrySchema = z.object({
  change: z.enum(MIRROR_CHANGES),
  event_id: z.string(),
  title: z.string(),
  action: z.enum(MIRROR_ACTIONS),
  outcome: z.enum(MIRROR_OUTCOMES),
  at: isoDateTime,
});
export type MirrorLogEntry = z.infer<typeof MirrorLogEntrySchema>;
