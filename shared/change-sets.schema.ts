import { z } from 'zod';
import { CHANGE_LINE_STATUSES, CHANGE_SET_LIMITS, type BatchAction, type BatchToolKind } from './change-sets';
import { itemId } from './item-fields.schema';
import { ITEM_SCHEMAS } from './item-kinds.schema';
import { isoDateTime } from './dates.schema';
import { ENTITIES } from './item-kinds';
import { PlanReasonSchema } from './planning.schema';
import { AGENT_ACTION_TYPES, TOOL_CALL_ID_MAX } from './tool-calls';

/** One field an update changed, as it was and as it is. */
export const ChangedFieldSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** One line of a change set: what happened to one item, and whether it can still be undone. */
export const ChangeLineSchema = z.object({
  tool_call_id: z.string(),
  /** The item's place in its call (a batch call makes several lines). */
  index: z.int().min(0),
  entity: z.enum(ENTITIES),
  action: z.enum(AGENT_ACTION_TYPES),
  item_id: z.string().nullable(),
  title: z.string(),
  status: z.enum(CHANGE_LINE_STATUSES),
  /** Why it failed, or why it could not be undone. */
  reason: z.string().nullable(),
  fields: z.array(ChangedFieldSchema),
  /** Its date in words, in the person's zone and language, as the agent read it back. */
  said: z.string().nullable(),
  /** A planned block's (or a moved event's) task and why it sits there; absent on other lines. */
  proposal: z.object({ task_id: z.string().nullable(), start_time: isoDateTime, end_time: isoDateTime, reason: PlanReasonSchema }).optional(),
  updated_at: isoDateTime,
});
export type ChangeLine = z.infer<typeof ChangeLineSchema>;

/** The changes the assistant made while answering one utterance (a conversation's turn). */
export const ChangeSetSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  turn: z.int().min(0),
  /** The name of the personal access token an outside assistant made it with (through the MCP server); null for our own assistant's and the Plan buttons'. */
  made_by: z.string().nullable(),
  /** Moves to the trash (or a tag delete) wait for the person's yes or no. */
  awaiting_confirmation: z.boolean(),
  lines: z.array(ChangeLineSchema).max(CHANGE_SET_LIMITS.linesPerSet),
  /** A plan's tasks that found no room, with why (absent on other sets). */
  unplaced: z.array(z.object({ task_id: z.string(), title: z.string(), reason: PlanReasonSchema })).optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ChangeSet = z.infer<typeof ChangeSetSchema>;

/** Some lines of a set, each `<tool_call_id>/<index>` (changeLineKey). */
const lineKeys = z
  .array(z.string().max(TOOL_CALL_ID_MAX + 10))
  .min(1)
  .max(CHANGE_SET_LIMITS.linesPerSet)
  .optional();

/**
 * The person's answer to "Move 5 tasks to the trash?" or to a plan: apply all, none, or (with
 * `lines`, each `<tool_call_id>/<index>`) only those, the rest turned down.
 */
export const ChangeSetConfirmationSchema = z.strictObject({
  apply: z.boolean({ error: 'Say whether to apply the changes' }),
  lines: lineKeys,
});

/** Undo all of a set, or only these of its lines. */
export const ChangeSetUndoSchema = z.strictObject({ lines: lineKeys });

/** One line of a call to undo (a batch call's item); without it, the whole call. */
export const ToolCallUndoSchema = z.strictObject({
  index: z
    .int()
    .min(0)
    .max(CHANGE_SET_LIMITS.itemsPerCall - 1)
    .optional(),
});

/** A batch call's list: 1 to 20 items. */
export const batchOf = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'Give at least one item').max(CHANGE_SET_LIMITS.itemsPerCall, `At most ${CHANGE_SET_LIMITS.itemsPerCall} items in one call`);

/**
 * A batch tool's parameters: `{ tasks: [...] }` of create fields for createTasks, `{ ids: [...] }`
 * for deleteTasks, each item read with `item` (by default the kind's create fields, or an id). The
 * agent's tool is generated from it; the processor reads the list with any object for an item and
 * then each item on its own, so one bad item fails alone.
 */
export function batchParameters(action: BatchAction, kind: BatchToolKind, item?: z.ZodType) {
  return action === 'create' ? z.strictObject({ [kind]: batchOf(item ?? ITEM_SCHEMAS[kind].createFields) }) : z.strictObject({ ids: batchOf(item ?? itemId) });
}
