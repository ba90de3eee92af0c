import { conversationalAi } from '@elevenlabs/elevenlabs-js/serialization';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { agentDefinition } from '../../functions/voice/agent/definition';
import { AGENT_PROMPT } from '../../functions/voice/agent/prompt';
import { CLIENT_TOOLS, inputJsonSchema, isCleared, toToolParameter, type ToolParameter } from '../../functions/voice/agent/tools';
import { startElevenLabsDouble } from '../../local/elevenlabs-double';
import { pushAgent } from '../../functions/voice/agent/push-agent';
import { runTool } from '../../functions/voice/run-tool';
import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import { ASSISTANT_TOOL_NAMES, toolMeaning } from '../../shared/assistant-tools';
import { ASSISTANT_TOOL_DEFINITIONS } from '../../shared/assistant-tools.schema';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, ITEM_KINDS } from '../../shared/item-kinds';
import { FreeTimeQuerySchema, PlanQuerySchema, ProposalAnswerSchema, RescheduleQuerySchema, ScheduleQuerySchema } from '../../shared/planning.schema';
import en from '../../web/src/i18n/en/app';

const byName = new Map(CLIENT_TOOLS.map((tool) => [tool.name, tool]));

/** ElevenLabs accepts literals, arrays and objects, each with a description; nothing else (no anyOf, no format). */
function expectElevenLabsSubset(parameter: ToolParameter, path: string): void {
  expect(parameter.description, path).toEqual(expect.any(String));
  const keys = Object.keys(parameter).sort();
  switch (parameter.type) {
    case 'object':
      expect(keys, path).toEqual(['description', 'properties', 'required', 'type']);
      for (const required of parameter.required) expect(parameter.properties, path).toHaveProperty(required);
      for (const [name, property] of Object.entries(parameter.properties)) expectElevenLabsSubset(property, `${path}.${name}`);
      return;
    case 'array':
      expect(keys, path).toEqual(['description', 'items', 'type']);
      return expectElevenLabsSubset(parameter.items, `${path}[]`);
    default:
      expect(['boolean', 'integer', 'number', 'string'], path).toContain(parameter.type);
      expect(
        keys.filter((key) => !['description', 'enum', 'type'].includes(key)),
        path,
      ).toEqual([]);
  }
}

describe("the agent's client tools", () => {
  it('are exactly the registry’s tools, in its order, each with its description and parameters', () => {
    expect(CLIENT_TOOLS.map((tool) => tool.name)).toEqual([...ASSISTANT_TOOL_NAMES]);
    expect([...ASSISTANT_TOOL_DEFINITIONS.keys()]).toEqual([...ASSISTANT_TOOL_NAMES]);
    for (const tool of CLIENT_TOOLS) {
      const definition = ASSISTANT_TOOL_DEFINITIONS.get(tool.name as (typeof ASSISTANT_TOOL_NAMES)[number])!;
      expect(tool).toMatchObject({ type: 'client', expects_response: true, description: definition.description });
      expect(tool.parameters, tool.name).toEqual(toToolParameter(inputJsonSchema(definition.parameters), 'parameters'));
      expect(Object.keys(tool.parameters.properties).sort(), tool.name).toEqual(Object.keys(definition.parameters.shape).sort());
      expectElevenLabsSubset(tool.parameters, tool.name);
    }
    for (const name of ['createItem', 'updateItem', 'deleteItem', 'listItems']) expect(byName.has(name), name).toBe(true);
  });

  it('take the planning tools’ parameters from shared/planning.schema.ts, refinements left to the processor and descriptions kept', () => {
    const planning = {
      getSchedule: ScheduleQuerySchema,
      findFreeTime: FreeTimeQuerySchema,
      planTasks: PlanQuerySchema,
      rescheduleEvents: RescheduleQuerySchema,
      answerProposal: ProposalAnswerSchema,
    };
    for (const [name, schema] of Object.entries(planning)) {
      expect(ASSISTANT_TOOL_DEFINITIONS.get(name as keyof typeof planning)!.parameters, name).toBe(schema);
    }
    expect(byName.get('getSchedule')!.parameters).toEqual({
      type: 'object',
      description: 'Parameters',
      properties: {
        from: { type: 'string', description: 'Start of the range, ISO 8601 with offset, e.g. 2026-05-01T00:00:00+02:00' },
        to: { type: 'string', description: 'End of the range, ISO 8601 with offset, e.g. 2026-05-02T00:00:00+02:00' },
      },
      required: ['from', 'to'],
    });
    const plan = byName.get('planTasks')!;
    expect(plan.description).toMatch(/^Propose time blocks for open tasks in free working time.*Nothing is saved/);
    expect(plan.parameters.required).toEqual(['from', 'to']);
    expect(plan.parameters.properties.priorities).toMatchObject({ type: 'array', items: { type: 'string', enum: ['low', 'medium', 'high'] } });
    expect(plan.parameters.properties.minutes).toEqual({ type: 'integer', description: expect.stringMatching(/in minutes.* \(5 to 720\)$/) });
    const answer = byName.get('answerProposal')!.parameters;
    expect(answer.required).toEqual(['change_set_id', 'accept']);
    expect(answer.properties.accept).toEqual({ type: 'boolean', description: 'true to write the plan, false to drop it' });
    expect(answer.properties.positions).toMatchObject({ type: 'array', items: { type: 'integer' } });
  });

  it('say how to clear a number that may be empty: with 0, which it never is when set', () => {
    expect(byName.get('updateTask')!.parameters.properties.estimate_minutes).toEqual({
      type: 'integer',
      description: 'Estimate minutes (5 to 720); 0 clears it',
    });
    expect(() => toToolParameter(inputJsonSchema(z.object({ count: z.int().min(0).nullable() })), 'parameters')).toThrow(/count/);
    // What the processor then reads as null, where the field takes one (an order of 0 stays 0).
    expect([0, '', { rule: '', time_zone: '' }, 5, ' ', {}].map(isCleared)).toEqual([true, true, true, false, false, false]);
  });

  it('each have a name the tool-activity toast shows in every language', () => {
    expect(Object.keys(en.voice.tools.names).sort()).toEqual([...byName.keys()].sort());
  });

  it('take their parameters from the zod schemas in shared/, the same the API validates with', () => {
    for (const kind of ITEM_KINDS) {
      const subject = ENTITY_OF_KIND[kind].replace(/^\w/, (letter) => letter.toUpperCase());
      const create = byName.get(`create${subject}`)!.parameters;
      expect(create).toEqual(toToolParameter(inputJsonSchema(ITEM_SCHEMAS[kind].createFields), 'parameters'));
      expect(Object.keys(create.properties).sort()).toEqual(Object.keys(ITEM_SCHEMAS[kind].createFields.shape).sort());

      const update = byName.get(`update${subject}`)!.parameters;
      expect(Object.keys(update.properties).sort()).toEqual(['id', ...Object.keys(ITEM_SCHEMAS[kind].update.shape)].sort());
      expect(update.required).toEqual(['id']);
      expect(byName.get(`delete${subject}`)!.parameters).toMatchObject({ required: ['id'], properties: { id: { type: 'string' } } });
    }
    const createTask = byName.get('createTask')!.parameters;
    expect(createTask.required).toEqual(['title']);
    expect(createTask.properties.priority).toEqual({ type: 'string', description: 'Priority: one of low, medium, high', enum: ['low', 'medium', 'high'] });
    expect(createTask.properties.due_date!.description).toMatch(/ISO 8601/);
    expect(byName.get('createEvent')!.parameters.required.sort()).toEqual(['end_time', 'start_time', 'title']);
    expect(byName.get('createEvent')!.description).toMatch(/^Create an event\./);
    expect(byName.get('deleteEvent')!.description).toMatch(/^Move an event to the trash/);
    expect(byName.get('createTask')!.description).toMatch(/^Create a task\./);
    // ElevenLabs' format has no null: the nullable fields are text that an empty string clears.
    const nullable = ['target_date', 'due_date', 'goal_id', 'color'];
    for (const tool of CLIENT_TOOLS) {
      for (const [field, parameter] of Object.entries(tool.parameters.properties)) {
        if (!nullable.includes(field)) continue;
        expect(parameter, `${tool.name}.${field}`).toMatchObject({ type: 'string', description: expect.stringMatching(/; an empty string "" clears it$/) });
      }
    }
    expect(JSON.stringify(CLIENT_TOOLS)).not.toMatch(/null/);
  });

  it('come with a prompt that uses the dynamic variables the client and the config endpoint fill in', () => {
    for (const variable of ['today_date', 'today_iso', 'now_iso', 'user_tz', 'user_name', 'user_language']) expect(AGENT_PROMPT).toContain(`{{${variable}}}`);
    const definition = agentDefinition();
    expect(definition.conversation_config.agent.prompt.tools).toEqual(CLIENT_TOOLS);
    expect(Object.keys(definition.conversation_config.agent.dynamic_variables.dynamic_variable_placeholders).sort()).toEqual([
      'now_iso',
      'today_date',
      'today_iso',
      'user_language',
      'user_name',
      'user_tz',
    ]);
  });

  it("is a valid create-agent request by the official SDK's own schema, unknown fields refused", () => {
    const body = conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost;
    const parsed = body.parse(JSON.parse(JSON.stringify(agentDefinition())), { unrecognizedObjectKeys: 'fail' });
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    const misspelt = { ...agentDefinition(), platform_settings: { overrides: { conversation_config_override: { conversation: { textOnly: true } } } } };
    expect(body.parse(misspelt, { unrecognizedObjectKeys: 'fail' }).ok).toBe(false);
  });

  it('enables exactly the overrides the client sends: text only, and the agent language and first message', () => {
    expect(agentDefinition().platform_settings.overrides.conversation_config_override).toEqual({
      conversation: { text_only: true },
      agent: { language: true, first_message: true },
    });
  });

  it('are created, then updated, by the agent script', async () => {
    const double = await startElevenLabsDouble();
    try {
      const env = { ELEVENLABS_API_BASE: double.httpUrl, ELEVENLABS_API_KEY: double.apiKey };
      expect(await pushAgent(env)).toEqual({ agentId: double.agentId, created: true });
      expect(await pushAgent({ ...env, ELEVENLABS_AGENT_ID: double.agentId })).toEqual({ agentId: double.agentId, created: false });
      await expect(pushAgent({ ...env, ELEVENLABS_AGENT_ID: 'agent_unknown' })).rejects.toThrow(/404/);
      await expect(pushAgent({ ...env, ELEVENLABS_API_KEY: 'wrong' })).rejects.toThrow(/401/);
      await expect(pushAgent({})).rejects.toThrow(/ELEVENLABS_API_KEY/);
      expect(double.state().agents.map(({ method, agent_id }) => [method, agent_id])).toEqual([
        ['POST', double.agentId],
        ['PATCH', double.agentId],
      ]);
      expect(double.state().agents[0]!.body).toEqual(JSON.parse(JSON.stringify(agentDefinition())));
    } finally {
      await double.stop();
    }
  });
});

describe('a tool call run by the processor', () => {
  const call = (tool_name: string) => ({
    id: 'toolu_1',
    conversation_id: 'conv',
    turn: 1,
    tool_name,
    tool_args: { title: 'x' },
    change_set_id: '00000000-0000-4000-8000-000000000000',
    sequence: null,
    created_at: '2026-03-01T10:00:00.000Z',
  });

  it.each(['createWidget', 'getWeather', 'createTags', 'listItem', 'toString', 'constructor', 'planTask'])(
    'answers unknownTool for %j, a name outside the registry, before touching anything',
    async (name) => {
      expect(toolMeaning(name)).toBeNull();
      expect(await runTool('user-1', call(name), new Date('2026-03-01T10:00:00.000Z'))).toEqual({
        status: 'error',
        error_message: TOOL_CALL_MESSAGES.unknownTool(name),
        lines: [],
      });
    },
  );
});
