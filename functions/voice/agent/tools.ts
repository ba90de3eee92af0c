import { z } from 'zod';
import { ASSISTANT_TOOL_DEFINITIONS } from '../../../shared/assistant-tools.schema';

/**
 * The agent's client tools, in ElevenLabs' format (conversation_config.agent.prompt.tools): one for
 * each tool of the registry (shared/assistant-tools.ts), described and with the parameters of
 * shared/assistant-tools.schema.ts, the same zod schemas the API validates with, turned into the
 * JSON-schema subset ElevenLabs accepts: literals (string, number, integer, boolean, with enum),
 * arrays and objects, each with a description. Refinements (an end after a start) have no JSON
 * form: the processor's parse checks them, and its message tells the agent.
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
  minimum?: number;
  maximum?: number;
  maxItems?: number;
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
/** The same for a number that may be empty, which is never 0 when set (an estimate is 5 minutes or more). */
export const CLEARED_NUMBER = 0;

/**
 * A text field sent as "", a number as 0, or an object whose text fields all are "": what the tools
 * say clears a field that may be empty.
 */
export function isCleared(value: unknown): boolean {
  if (value === CLEARED || value === CLEARED_NUMBER) return true;
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
    // A number is cleared with 0, so only one that is never 0 when set can be.
    if ((inner.type === 'number' || inner.type === 'integer') && (options[0]!.minimum ?? 0) > CLEARED_NUMBER) {
      return { ...inner, description: `${inner.description}; ${CLEARED_NUMBER} clears it` };
    }
    if (inner.type !== 'string' || inner.enum) throw new Error(`${name}: only a text field, a number never 0, or an object can be cleared`);
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
    case 'array': {
      const most = schema.maxItems === undefined ? '' : ` (at most ${schema.maxItems})`;
      return {
        type: 'array',
        description: `${schema.description ?? words(name)}${most}`,
        items: toToolParameter(schema.items ?? { type: 'string' }, `one of ${name}`),
      };
    }
    case 'number':
    case 'integer':
      return {
        type: schema.type,
        description: schema.enum ? `${words(name)}: one of ${schema.enum.join(', ')}` : `${schema.description ?? words(name)}${rangeOf(schema)}`,
      };
    case 'boolean':
      return { type: schema.type, description: schema.description ?? words(name) };
    default: {
      const values = schema.enum?.map(String);
      return { type: 'string', description: describeText(schema, name, values), ...(values ? { enum: values } : {}) };
    }
  }
}

/** A number's bounds in words: the agent's format has no minimum or maximum. */
function rangeOf({ minimum, maximum }: JsonSchema): string {
  if (minimum !== undefined && maximum !== undefined) return ` (${minimum} to ${maximum})`;
  if (minimum !== undefined) return ` (at least ${minimum})`;
  return maximum === undefined ? '' : ` (at most ${maximum})`;
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

export const CLIENT_TOOLS: readonly ClientTool[] = [...ASSISTANT_TOOL_DEFINITIONS].map(([name, { description, parameters }]) => ({
  type: 'client',
  name,
  description,
  expects_response: true,
  response_timeout_secs: RESPONSE_TIMEOUT_SECS,
  parameters: toToolParameter(inputJsonSchema(parameters), 'parameters') as ClientTool['parameters'],
}));
