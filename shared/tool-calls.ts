import { z } from 'zod';
import { isoDateTime } from './dates';
import type { Entity } from './items';

export const TOOL_CALL_STATUSES = ['pending', 'success', 'error'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export const ToolCallSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  conversation_id: z.string(),
  tool_name: z.string(),
  tool_args: z.record(z.string(), z.unknown()),
  status: z.enum(TOOL_CALL_STATUSES),
  result: z.unknown().nullable(),
  error_message: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const AGENT_ACTION_TYPES = ['create', 'update', 'delete'] as const;
export type AgentActionType = (typeof AGENT_ACTION_TYPES)[number];

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

/** 'createTask' → 'Create Task', for the tool-activity toast title. */
export function humaniseToolName(toolName: string): string {
  const words = toolName
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
