import { hashedUuid } from './hashed-uuid';
import { ENTITY_OF_KIND, ITEM_KINDS, type Entity, type ItemKind } from './item-kinds';

export const TOOL_CALL_STATUSES = ['pending', 'success', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export const AGENT_ACTION_TYPES = ['create', 'update', 'delete'] as const;
export type AgentActionType = (typeof AGENT_ACTION_TYPES)[number];

/** ElevenLabs' ids (a tool call's, a conversation's) are opaque; this bounds what a client may send as one. */
export const TOOL_CALL_ID_MAX = 200;

/** The most turns one conversation is counted to (a conversation is minutes long, a turn seconds). */
export const TURN_MAX = 10_000;

/**
 * The id of the item a create call makes (a batch's item `index`), the same each time the call
 * runs: a run cut off after the item was saved and before the call was marked finished is run again
 * by the bus, and must find that item rather than make a second; and the page knows the item when
 * its list shows it before the call's result. Unique within the user's partition as the call's id is.
 */
export const itemIdOfToolCall = (toolCallId: string, index?: number): string =>
  hashedUuid(index === undefined ? `tool-call:${toolCallId}` : `tool-call:${toolCallId}#${index}`);

/** The highest place in its conversation a call may give (ElevenLabs numbers a conversation's events from 1). */
export const TOOL_CALL_SEQUENCE_MAX = 999_999_999;

/**
 * What a model may send as a tool call's parameters, stored as they came: room for any of the
 * tools' fields (a description is the longest text, tags the deepest value), and no more, so a
 * runaway model or a crafted request cannot make a record the database refuses or cannot walk.
 */
export const TOOL_ARGUMENT_LIMITS = { depth: 4, values: 100, textLength: 5_000, bytes: 16 * 1024 } as const;

/** Why `value` is not parameters within the limits, or null when it is. Walks at most `depth` levels. */
export function toolArgumentsProblem(value: Record<string, unknown>): string | null {
  let values = 0;
  const walk = (node: unknown, depth: number): string | null => {
    values += 1;
    if (values > TOOL_ARGUMENT_LIMITS.values) return `Parameters may hold at most ${TOOL_ARGUMENT_LIMITS.values} values`;
    if (typeof node === 'number') {
      // JSON numbers beyond a double, or integers a double cannot hold exactly, would not be stored as sent.
      return Number.isFinite(node) && (Number.isSafeInteger(node) || !Number.isInteger(node)) ? null : 'Parameters hold a number out of range';
    }
    if (typeof node === 'string')
      return node.length > TOOL_ARGUMENT_LIMITS.textLength ? `Texts in parameters must be at most ${TOOL_ARGUMENT_LIMITS.textLength} characters` : null;
    if (typeof node !== 'object' || node === null) return null;
    if (depth >= TOOL_ARGUMENT_LIMITS.depth) return `Parameters may nest at most ${TOOL_ARGUMENT_LIMITS.depth} levels`;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  // Measured only once the walk has bounded the depth, which stringifying an unbounded one would not survive.
  const problem = walk(value, 0);
  if (problem) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  return bytes > TOOL_ARGUMENT_LIMITS.bytes ? `Parameters must be at most ${TOOL_ARGUMENT_LIMITS.bytes / 1024} KB` : null;
}

/** Texts of the tool calls' own errors and refusals (the item rules speak the section-5 messages). */
export const TOOL_CALL_MESSAGES = {
  toolNameRequired: 'Tool name is required',
  toolCallIdRequired: 'Tool call id is required',
  unknownTool: (toolName: string) => `Unknown tool: ${toolName}`,
  notFound: (entity: Entity) => `No ${entity} with this id`,
  unknownField: (field: string) => `Unknown field: ${field}`,
  notQueued: 'The assistant could not start this change. Please try again.',
  notUndoable: 'Only a finished create, update or delete can be undone',
  alreadyUndone: 'This change has already been undone',
  undoTargetGone: 'The item this change touched has changed or is gone, so it cannot be undone',
} as const;

/** The kind of item an entity name ('task') stands for, or null for a name that is not one. */
export function kindOfEntity(entity: string): ItemKind | null {
  return ITEM_KINDS.find((kind) => ENTITY_OF_KIND[kind] === entity) ?? null;
}

/** 'createTask' → 'Create Task', for the tool-activity toast title. */
export function humaniseToolName(toolName: string): string {
  const words = toolName
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
