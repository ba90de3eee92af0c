import { z } from 'zod';
import { BATCH_TOOL_KINDS, batchToolName, CHANGE_SET_LIMITS, type BatchToolKind } from '../../../shared/change-sets';
import { batchParameters } from '../../../shared/change-sets.schema';
import { ITEM_SCHEMAS } from '../../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, ITEM_KINDS, type ItemKind } from '../../../shared/item-kinds';
import { itemId } from '../../../shared/item-fields.schema';

/**
 * The agent's client tools, in ElevenLabs' format (conversation_config.agent.prompt.tools). Their
 * parameters are generated from the same zod schemas the API validates with (shared/), turned into
 * the JSON-schema subset ElevenLabs accepts: literals (string, number, integer, boolean, with enum),
 * arrays and objects, each with a description.
 */

export type ToolParameter =
  | { type: 'string' | 'number' | 'integer' | 'boolean'; description: string; enum?: string[] }
  | { type: 'array'; description: string; items: ToolParameter }
  | { type: 'object'; description: string; properties: Record<string, ToolParameter>; required: string[] };

export interface ClientTool {
  type: 'client';
  name: string;
  description: string;
  expects_response: true;
  response_timeout_secs: number;
  parameters: Extract<ToolParameter, { type: 'object' }>;
}

/** The tool processor answers within a second or two; this leaves room for a cold start. */
const RESPONSE_TIMEOUT_SECS = 20;

type JsonSchema = {
  type?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The JSON schema of what a zod schema accepts as input (defaults make fields optional). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const words = (name: string) => name.replaceAll('_', ' ').replace(/^\w/, (letter) => letter.toUpperCase());

/** What a tool call sends to empty a field that may be empty: ElevenLabs' parameter format has no null. */
export const CLEARED = '';

/** A text field sent as "", or an object whose text fields all are: what the tools say clears a field that may be empty. */
export function isCleared(value: unknown): boolean {
  if (value === CLEARED) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const texts = Object.values(value).filter((field) => typeof field === 'string');
  return texts.length > 0 && texts.every((field) => field === CLEARED);
}

/** Narrows a JSON schema to ElevenLabs' subset, describing each field from its name, format and values. */
export function toToolParameter(schema: JsonSchema, name: string): ToolParameter {
  const options = schema.anyOf?.filter((option) => option.type !== 'null');
  if (options?.length === 1) {
    const inner = toToolParameter(options[0]!, name);
    if (inner.type === 'object') return { ...inner, description: `${inner.description}; its text fields all "" clear it` };
    // A list's null is its default (reminders: the person's); left out, the field keeps what it has, and [] empties it.
    if (inner.type === 'array') return { ...inner, description: `${inner.description}; leave it out for the default, [] for none` };
    // A nullable number would need another way to say "empty".
    if (inner.type !== 'string' || inner.enum) throw new Error(`${name}: only a text field or an object can be cleared with empty strings`);
    return { ...inner, description: `${inner.description}; an empty string "" clears it` };
  }
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      return {
        type: 'object',
        description: schema.description ?? words(name),
        properties: Object.fromEntries(properties.map(([field, property]) => [field, toToolParameter(property, field)])),
        required: schema.required ?? [],
      };
    }
    case 'array':
      return { type: 'array', description: words(name), items: toToolParameter(schema.items ?? { type: 'string' }, `one of ${name}`) };
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: schema.type, description: schema.enum ? `${words(name)}: one of ${schema.enum.join(', ')}` : words(name) };
    default: {
      const values = schema.enum?.map(String);
      return { type: 'string', description: describeText(schema, name, values), ...(values ? { enum: values } : {}) };
    }
  }
}

function describeText(schema: JsonSchema, name: string, values: string[] | undefined): string {
  if (schema.description) return schema.description;
  if (values) return `${words(name)}: one of ${values.join(', ')}`;
  if (schema.format === 'uuid') return `${words(name)} (an id from a list tool)`;
  if (schema.format === 'date-time' || /_(time|date)$/.test(name)) {
    return `${words(name)}, ISO 8601 with offset, e.g. 2026-05-01T15:00:00+02:00`;
  }
  return words(name);
}

const ENTITY_TOOL_NAME = { goals: 'Goal', tasks: 'Task', events: 'Event', tags: 'Tag' } as const satisfies Record<ItemKind, string>;

function tool(name: string, description: string, schema: z.ZodType, withId = false): ClientTool {
  const parameters = toToolParameter(inputJsonSchema(schema), 'parameters') as ClientTool['parameters'];
  if (withId) {
    parameters.properties = { id: toToolParameter(inputJsonSchema(itemId), 'id'), ...parameters.properties };
    parameters.required = ['id', ...parameters.required];
  }
  return { type: 'client', name, description, expects_response: true, response_timeout_secs: RESPONSE_TIMEOUT_SECS, parameters };
}

/** create/update/delete/list for one kind, named `<verb><Subject>` as shared/tool-calls.ts maps them. */
function toolsFor(kind: ItemKind, subject: string, plural: string): ClientTool[] {
  const entity = ENTITY_OF_KIND[kind];
  const schemas = ITEM_SCHEMAS[kind];
  const article = /^[aeiou]/.test(entity) ? 'an' : 'a';
  const removal = kind === 'tags' ? 'Delete a tag for good' : `Move ${article} ${entity} to the trash (it can be restored for 10 days)`;
  return [
    tool(`create${subject}`, `Create ${article} ${entity}. Answers the ${entity} as saved.`, schemas.create),
    tool(
      `update${subject}`,
      `Change fields of one ${entity}, found by id; fields left out stay as they are. Answers the ${entity} as saved.`,
      schemas.update,
      true,
    ),
    tool(`delete${subject}`, `${removal}, found by id.`, z.object({}), true),
    tool(`list${plural}`, `List the user's ${kind}, with their ids.`, z.object({})),
  ];
}

/** createTasks, deleteEvents, ...: several items of one kind in one call, each changed (or refused) on its own. */
function batchTools(kind: BatchToolKind): ClientTool[] {
  const limit = CHANGE_SET_LIMITS.itemsPerCall;
  return [
    tool(
      batchToolName('create', kind),
      `Create several ${kind} at once (up to ${limit}). Answers the ${kind} as saved, and any that failed with why.`,
      batchParameters('create', kind),
    ),
    tool(
      batchToolName('delete', kind),
      `Move several ${kind} to the trash at once (up to ${limit}), found by id. More than ${CHANGE_SET_LIMITS.trashWithoutConfirming} in one request wait for the user's confirmation.`,
      batchParameters('delete', kind),
    ),
  ];
}

export const CLIENT_TOOLS: readonly ClientTool[] = [
  ...ITEM_KINDS.flatMap((kind) => toolsFor(kind, ENTITY_TOOL_NAME[kind], `${ENTITY_TOOL_NAME[kind]}s`)),
  // The generic names act on goals.
  ...toolsFor('goals', 'Item', 'Items'),
  ...BATCH_TOOL_KINDS.flatMap(batchTools),
];
