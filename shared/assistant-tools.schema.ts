import { z } from 'zod';
import { ASSISTANT_TOOL_NAMES, toolMeaning, type AssistantToolName, type ItemToolMeaning, type PlanningToolMeaning, type ToolNamed } from './assistant-tools';
import { CHANGE_SET_LIMITS } from './change-sets';
import { batchParameters } from './change-sets.schema';
import { TRASH_RETENTION_DAYS } from './constants';
import { itemId } from './item-fields.schema';
import { ITEM_SCHEMAS } from './item-kinds.schema';
import { ENTITY_OF_KIND } from './item-kinds';
import { PLANNING_LIMITS } from './planning';
import { FreeTimeQuerySchema, PlanQuerySchema, ProposalAnswerSchema, RescheduleQuerySchema, ScheduleQuerySchema } from './planning.schema';

/**
 * What each tool of the registry (shared/assistant-tools.ts) tells the agent it does and answers,
 * and the parameters it takes: the same zod schemas the API and the tool processor validate with.
 * The agent's tools (functions/voice/agent/tools.ts) and docs/assistant-tools.md are made from it.
 */
export interface ToolDefinition {
  description: string;
  parameters: z.ZodObject;
}

/** The planning tools, written out; `satisfies` keeps exactly one entry for each planning tool of the registry. */
const PLANNING_TOOLS = {
  getSchedule: {
    description: `What is on in a range of at most ${PLANNING_LIMITS.scheduleDays} days: the events (repeating ones and Google's included), the tasks due, and the busy and free minutes and first free stretches within working hours. Each time comes with "said", in the user's words.`,
    parameters: ScheduleQuerySchema,
  },
  findFreeTime: {
    description: `The free stretches of at least the given minutes within the user's working hours in a range (the first ${PLANNING_LIMITS.slotsAnswered}), each with "said" in the user's words.`,
    parameters: FreeTimeQuerySchema,
  },
  planTasks: {
    description: `Propose time blocks for open tasks in free working time (a range of at most ${PLANNING_LIMITS.planDays} days), each with its reason. Nothing is saved: the person accepts or declines, by voice (answerProposal) or on screen. Answers the change_set_id, the blocks by position with "said" and reason, and the tasks that fit nowhere, with why.`,
    parameters: PlanQuerySchema,
  },
  rescheduleEvents: {
    description:
      'Propose moving the timed events that start in a range onto free working time of another day, each with its reason. Nothing is saved: the person accepts or declines, by voice (answerProposal) or on screen. Answers as planTasks does.',
    parameters: RescheduleQuerySchema,
  },
  answerProposal: {
    description:
      'Give the person’s answer to a proposal waiting for them (a plan, or moves to the trash waiting for their yes): accept all of it, only the blocks at the positions they name, or none. Call it only once they have answered. Answers how many were saved (applied) and dropped (declined), and any that failed, with why.',
    parameters: ProposalAnswerSchema,
  },
} satisfies Record<ToolNamed<PlanningToolMeaning>, ToolDefinition>;

/** An item tool's definition, from what it means: its kind's create or update schema, an id, a batch's list, or nothing. */
function itemToolDefinition(meaning: ItemToolMeaning): ToolDefinition {
  const entity = ENTITY_OF_KIND[meaning.kind];
  const article = /^[aeiou]/.test(entity) ? 'an' : 'a';
  const schemas = ITEM_SCHEMAS[meaning.kind];
  const limit = CHANGE_SET_LIMITS.itemsPerCall;
  if (meaning.does === 'list') return { description: `List the user's ${meaning.kind}, with their ids.`, parameters: z.strictObject({}) };
  if (meaning.batch) {
    const { action, kind } = meaning;
    return action === 'create'
      ? {
          description: `Create several ${kind} at once (up to ${limit}). Answers the ${kind} as saved, and any that failed with why.`,
          parameters: batchParameters(action, kind),
        }
      : {
          description: `Move several ${kind} to the trash at once (up to ${limit}), found by id. More than ${CHANGE_SET_LIMITS.trashWithoutConfirming} in one request wait for the user's confirmation.`,
          parameters: batchParameters(action, kind),
        };
  }
  switch (meaning.action) {
    case 'create':
      return { description: `Create ${article} ${entity}. Answers the ${entity} as saved.`, parameters: schemas.createFields };
    case 'update':
      return {
        description: `Change fields of one ${entity}, found by id; fields left out stay as they are. Answers the ${entity} as saved.`,
        parameters: z.strictObject({ id: itemId, ...schemas.update.shape }),
      };
    case 'delete': {
      const removal =
        meaning.kind === 'tags' ? 'Delete a tag for good' : `Move ${article} ${entity} to the trash (it can be restored for ${TRASH_RETENTION_DAYS} days)`;
      return { description: `${removal}, found by id.`, parameters: z.strictObject({ id: itemId }) };
    }
  }
}

const isPlanningTool = (name: AssistantToolName): name is ToolNamed<PlanningToolMeaning> => Object.hasOwn(PLANNING_TOOLS, name);

function definitionOf(name: AssistantToolName): ToolDefinition {
  if (isPlanningTool(name)) return PLANNING_TOOLS[name];
  // Every other tool of the registry changes or lists items.
  return itemToolDefinition(toolMeaning(name) as ItemToolMeaning);
}

/** Every tool's definition, in the registry's order. */
export const ASSISTANT_TOOL_DEFINITIONS: ReadonlyMap<AssistantToolName, ToolDefinition> = new Map(
  ASSISTANT_TOOL_NAMES.map((name) => [name, definitionOf(name)]),
);
