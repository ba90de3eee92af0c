import type { ItemKind } from './item-kinds';

/**
 * A change set: every change the assistant makes while answering one utterance (a conversation's
 * turn), one line per item, undone together with "Undo all" or line by line.
 */

/**
 * How a line stands: made, refused by a rule, waiting for the person's yes (a move to the trash
 * held, or a planned block proposed), turned down, or reverted.
 */
export const CHANGE_LINE_STATUSES = ['applied', 'failed', 'held', 'proposed', 'declined', 'undone'] as const;
export type ChangeLineStatus = (typeof CHANGE_LINE_STATUSES)[number];

export const CHANGE_SET_LIMITS = {
  /** Items one batch tool call takes (createTasks, deleteEvents, ...). */
  itemsPerCall: 20,
  /** Lines one turn may make: a runaway agent stops there, and a change set stays one small read. */
  linesPerSet: 100,
  /** More moves to the trash than this in one turn wait for the person's confirmation (a tag delete always does). */
  trashWithoutConfirming: 3,
  /** A turn's deletes that arrive within this of each other (an agent's parallel calls) are counted together before any applies. */
  deleteGatherMs: 500,
  /** Change sets listed for today: the history shows at most this many, newest first. */
  listedPerDay: 20,
} as const;

/** The conversation the Plan my day (or week) button's change sets belong to (the assistant's are ElevenLabs'). */
export const PLANNER_CONVERSATION = 'planner';

/** How long a change set can be undone: as long as the trash keeps what it moved there. */
export const CHANGE_SET_KEPT_DAYS = 10;

/** The batch tools' kinds and actions: create or delete several of one kind (createTasks, deleteEvents: shared/assistant-tools.ts). */
export const BATCH_TOOL_KINDS = ['goals', 'tasks', 'events'] as const satisfies readonly ItemKind[];
export type BatchToolKind = (typeof BATCH_TOOL_KINDS)[number];
export const BATCH_ACTIONS = ['create', 'delete'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** What the agent and the API say about a change set (the lines' reasons on screen are VOICE_MESSAGES). */
export const CHANGE_SET_MESSAGES = {
  awaitingConfirmation: 'Not done yet: waiting for the person to confirm on screen. Tell them to confirm or cancel there.',
  nothingToUndo: 'Nothing in this change set can be undone',
  nothingToConfirm: 'Nothing in this change set is waiting for a confirmation',
  notFound: 'No change set with this id',
} as const;

/** A line's name in the API (a confirmation's `lines`, an Undo all's refusals): `<tool_call_id>/<index>`. */
export const changeLineKey = (line: { tool_call_id: string; index: number }): string => `${line.tool_call_id}/${line.index}`;
