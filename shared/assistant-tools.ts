import type { BatchAction, BatchToolKind } from './change-sets';
import type { ItemKind } from './item-kinds';
import type { AgentActionType } from './tool-calls';

/**
 * The registry of the assistant's tools: every tool's name and what it means, written once. The
 * agent definition (functions/voice/agent/tools.ts, with the descriptions and parameters of
 * shared/assistant-tools.schema.ts), the tool processor, the browser's conversation and the docs
 * (docs/assistant-tools.md) all read it; no tool name is built or parsed anywhere else. It holds
 * no schema (no zod), so the browser takes it with its first load.
 */

/** What a tool does: change items (one, or a batch of one kind), list a kind, read the schedule, plan, or answer a plan. */
export type ToolMeaning =
  | { does: 'change'; action: AgentActionType; kind: ItemKind; batch: false }
  | { does: 'change'; action: BatchAction; kind: BatchToolKind; batch: true }
  | { does: 'list'; kind: ItemKind }
  | { does: 'read'; reads: 'schedule' | 'free-time' }
  | { does: 'plan'; plans: 'tasks' | 'moves' }
  | { does: 'answer' };

export type PlanningToolMeaning = Extract<ToolMeaning, { does: 'read' | 'plan' | 'answer' }>;
export type ItemToolMeaning = Extract<ToolMeaning, { does: 'change' | 'list' }>;

const one = <A extends AgentActionType, K extends ItemKind>(action: A, kind: K) => ({ does: 'change', action, kind, batch: false }) as const;
const batch = <A extends BatchAction, K extends BatchToolKind>(action: A, kind: K) => ({ does: 'change', action, kind, batch: true }) as const;
const list = <K extends ItemKind>(kind: K) => ({ does: 'list', kind }) as const;

const TOOLS = {
  createGoal: one('create', 'goals'),
  updateGoal: one('update', 'goals'),
  deleteGoal: one('delete', 'goals'),
  listGoals: list('goals'),
  createTask: one('create', 'tasks'),
  updateTask: one('update', 'tasks'),
  deleteTask: one('delete', 'tasks'),
  listTasks: list('tasks'),
  createEvent: one('create', 'events'),
  updateEvent: one('update', 'events'),
  deleteEvent: one('delete', 'events'),
  listEvents: list('events'),
  createTag: one('create', 'tags'),
  updateTag: one('update', 'tags'),
  deleteTag: one('delete', 'tags'),
  listTags: list('tags'),
  // The generic names act on goals.
  createItem: one('create', 'goals'),
  updateItem: one('update', 'goals'),
  deleteItem: one('delete', 'goals'),
  listItems: list('goals'),
  createGoals: batch('create', 'goals'),
  createTasks: batch('create', 'tasks'),
  createEvents: batch('create', 'events'),
  deleteGoals: batch('delete', 'goals'),
  deleteTasks: batch('delete', 'tasks'),
  deleteEvents: batch('delete', 'events'),
  getSchedule: { does: 'read', reads: 'schedule' },
  findFreeTime: { does: 'read', reads: 'free-time' },
  planTasks: { does: 'plan', plans: 'tasks' },
  rescheduleEvents: { does: 'plan', plans: 'moves' },
  answerProposal: { does: 'answer' },
} as const satisfies Record<string, ToolMeaning>;

export type AssistantToolName = keyof typeof TOOLS;

/** The names of the tools that mean M: `ToolNamed<PlanningToolMeaning>` is 'getSchedule' | 'findFreeTime' | .... */
export type ToolNamed<M extends ToolMeaning> = { [N in AssistantToolName]: (typeof TOOLS)[N] extends M ? N : never }[AssistantToolName];

/** Every tool's name, in the registry's order (the agent's, the docs'). */
export const ASSISTANT_TOOL_NAMES = Object.keys(TOOLS) as readonly AssistantToolName[];

export const ASSISTANT_TOOLS: ReadonlyMap<string, ToolMeaning> = new Map<string, ToolMeaning>(Object.entries(TOOLS));

/** What the tool of this name does, or null for a name the assistant has no tool for. */
export const toolMeaning = (toolName: string): ToolMeaning | null => ASSISTANT_TOOLS.get(toolName) ?? null;
