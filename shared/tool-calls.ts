import { z } from 'zod';
import { isoDateTime } from './dates';
import { ENTITIES, ENTITY_OF_KIND, ITEM_KINDS, type Entity, type ItemKind } from './items';

export const TOOL_CALL_STATUSES = ['pending', 'success', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export const AGENT_ACTION_TYPES = ['create', 'update', 'delete'] as const;
export type AgentActionType = (typeof AGENT_ACTION_TYPES)[number];

/** ElevenLabs' tool call ids are opaque; this bounds what a client may send as one. */
export const TOOL_CALL_ID_MAX = 200;

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

/**
 * What a finished call answered. A change names the item after it (a delete: the item as it was);
 * a list gives the user's items of the entity.
 */
export const ToolCallResultSchema = z.union([
  z.object({
    entity: z.enum(ENTITIES),
    action: z.enum(AGENT_ACTION_TYPES),
    item: z.record(z.string(), z.unknown()),
  }),
  z.object({ entity: z.enum(ENTITIES), items: z.array(z.record(z.string(), z.unknown())) }),
]);
export type ToolCallResult = z.infer<typeof ToolCallResultSchema>;

/** agent_tool_calls: one client tool call of the assistant; `id` is ElevenLabs' tool_call_id. */
export const ToolCallSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  conversation_id: z.string(),
  tool_name: z.string(),
  tool_args: z.record(z.string(), z.unknown()),
  status: z.enum(TOOL_CALL_STATUSES),
  result: ToolCallResultSchema.nullable(),
  error_message: z.string().nullable(),
  /** Set when the change was reverted with Undo. */
  undone_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** What the client logs when the agent asks for a client tool (spec: a message without tool_name is not logged). */
export const ToolCallRequestSchema = z.strictObject({
  tool_call_id: z
    .string({ error: TOOL_CALL_MESSAGES.toolCallIdRequired })
    .min(1, TOOL_CALL_MESSAGES.toolCallIdRequired)
    .max(TOOL_CALL_ID_MAX, `Must be at most ${TOOL_CALL_ID_MAX} characters`),
  conversation_id: z.string().max(TOOL_CALL_ID_MAX, `Must be at most ${TOOL_CALL_ID_MAX} characters`),
  tool_name: z
    .string({ error: TOOL_CALL_MESSAGES.toolNameRequired })
    .trim()
    .min(1, TOOL_CALL_MESSAGES.toolNameRequired)
    .max(100, 'Must be at most 100 characters'),
  parameters: z.record(z.string(), z.unknown(), { error: 'Parameters must be an object' }).default({}),
});
export type ToolCallRequest = z.infer<typeof ToolCallRequestSchema>;

export type ToolAction = { type: AgentActionType; entity: string };

/**
 * Maps a tool name onto the change it makes: createX/updateX/deleteX act on entity x (lower-cased),
 * createItem/updateItem/deleteItem on goals; listItems and every other name make no change.
 */
export function toolAction(toolName: string): ToolAction | null {
  const match = /^(create|update|delete)([A-Z]\w*)$/.exec(toolName);
  if (!match) return null;
  const [, type, subject] = match as unknown as [string, AgentActionType, string];
  const entity = subject === 'Item' ? ('goal' satisfies Entity) : subject.toLowerCase();
  return { type, entity };
}

/** listGoals/listTasks/listEvents/listTags read one kind; listItems reads goals, as the Item tools act on goals. */
export function listedKind(toolName: string): ItemKind | null {
  const match = /^list([A-Z]\w*)$/.exec(toolName);
  if (!match) return null;
  const subject = match[1]!.toLowerCase();
  if (subject === 'items') return 'goals';
  return ITEM_KINDS.find((kind) => kind === subject) ?? null;
}

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
