import { z } from 'zod';
import { isoDateTime } from './dates.schema';
import { clientId } from './text.schema';
import { ENTITIES } from './item-kinds';
import { FreeTimeResultSchema, ProposalAnswerResultSchema, ProposalResultSchema, ScheduleResultSchema } from './planning.schema';
import {
  AGENT_ACTION_TYPES,
  TOOL_CALL_ID_MAX,
  TOOL_CALL_MESSAGES,
  TOOL_CALL_SEQUENCE_MAX,
  TOOL_CALL_STATUSES,
  toolArgumentsProblem,
  TURN_MAX,
} from './tool-calls';

/** A tool call id as a path names it: anything longer or empty names no call (and could not be a key). */
export const ToolCallIdSchema = clientId(TOOL_CALL_ID_MAX).min(1);

/**
 * What a finished call answered. A change names the item after it (a delete: the item as it was);
 * a list gives the user's items of the entity.
 */
export const ToolCallResultSchema = z.union([
  // A batch (createTasks, deleteEvents): the items, or a change that waits for the person's confirmation.
  z.object({
    entity: z.enum(ENTITIES),
    action: z.enum(AGENT_ACTION_TYPES),
    items: z.array(z.record(z.string(), z.unknown())),
    awaiting_confirmation: z.boolean().optional(),
    message: z.string().optional(),
    said: z.array(z.string()).optional(),
  }),
  z.object({
    entity: z.enum(ENTITIES),
    action: z.enum(AGENT_ACTION_TYPES),
    item: z.record(z.string(), z.unknown()),
    awaiting_confirmation: z.boolean().optional(),
    message: z.string().optional(),
    /** Its dates in words, in the person's zone and language, for the agent to read back. */
    said: z.array(z.string()).optional(),
  }),
  z.object({ entity: z.enum(ENTITIES), items: z.array(z.record(z.string(), z.unknown())) }),
  // The planning tools' answers (shared/planning.schema.ts).
  ScheduleResultSchema,
  FreeTimeResultSchema,
  ProposalResultSchema,
  ProposalAnswerResultSchema,
]);
export type ToolCallResult = z.infer<typeof ToolCallResultSchema>;

/** agent_tool_calls: one client tool call of the assistant; `id` is ElevenLabs' tool_call_id. */
export const ToolCallSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  conversation_id: z.string(),
  tool_name: z.string(),
  tool_args: z.record(z.string(), z.unknown()),
  /** The conversation's turn it was made in, and that turn's change set (null for a call logged before change sets). */
  turn: z.int().min(0).default(0),
  change_set_id: z.string().nullable().default(null),
  /** Its place in the conversation as the agent sent it (null when the client gave none). */
  sequence: z.int().min(0).nullable().default(null),
  status: z.enum(TOOL_CALL_STATUSES),
  result: ToolCallResultSchema.nullable(),
  error_message: z.string().nullable(),
  /** Set when the change was reverted with Undo. */
  undone_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** What the client logs when the agent asks for a client tool (a message without tool_name is not logged). */
export const ToolCallRequestSchema = z.strictObject({
  tool_call_id: clientId(TOOL_CALL_ID_MAX, TOOL_CALL_MESSAGES.toolCallIdRequired),
  conversation_id: clientId(TOOL_CALL_ID_MAX),
  /** The conversation's turn (the person's utterances so far): the calls of one turn make one change set. */
  turn: z.int().min(0).max(TURN_MAX).default(0),
  /**
   * The call's place in the conversation: the event_id ElevenLabs gave its client_tool_call. A turn's
   * calls are sent together and may arrive in any order; its change set lists them in this one.
   */
  sequence: z.int().min(0).max(TOOL_CALL_SEQUENCE_MAX).optional(),
  tool_name: z
    .string({ error: TOOL_CALL_MESSAGES.toolNameRequired })
    .trim()
    .min(1, TOOL_CALL_MESSAGES.toolNameRequired)
    .max(100, 'Must be at most 100 characters'),
  parameters: z
    .record(z.string(), z.unknown(), { error: 'Parameters must be an object' })
    .superRefine((parameters, context) => {
      const problem = toolArgumentsProblem(parameters);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default({}),
});
export type ToolCallRequest = z.infer<typeof ToolCallRequestSchema>;
