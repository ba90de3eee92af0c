import { conversationalAi } from '@elevenlabs/elevenlabs-js/serialization';
import { describe, expect, it } from 'vitest';
import { agentDefinition } from '../../functions/voice/agent/definition';
import { AGENT_PROMPT } from '../../functions/voice/agent/prompt';
import { CLIENT_TOOLS, inputJsonSchema, toToolParameter, type ToolParameter } from '../../functions/voice/agent/tools';
import { startElevenLabsDouble } from '../../local/elevenlabs-double';
import { pushAgent } from '../../functions/voice/agent/push-agent';
import { batchToolAction } from '../../shared/change-sets';
import { ITEM_SCHEMAS } from '../../shared/item-kinds.schema';
import { ENTITY_OF_KIND, ITEM_KINDS } from '../../shared/item-kinds';
import { kindOfEntity, listedKind, toolAction } from '../../shared/tool-calls';
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
  it('each map onto an item kind the processor runs: a batch, a change through toolAction, or a list', () => {
    expect(CLIENT_TOOLS).toHaveLength(26);
    expect(byName.size).toBe(CLIENT_TOOLS.length);
    for (const tool of CLIENT_TOOLS) {
      const action = toolAction(tool.name);
      const kind = batchToolAction(tool.name)?.kind ?? (action ? kindOfEntity(action.entity) : listedKind(tool.name));
      expect(kind, tool.name).not.toBeNull();
      expect(tool).toMatchObject({ type: 'client', expects_response: true });
      expectElevenLabsSubset(tool.parameters, tool.name);
    }
    for (const name of ['createItem', 'updateItem', 'deleteItem', 'listItems']) expect(byName.has(name), name).toBe(true);
    expect(toolAction('createItem')?.entity).toBe('goal');
    expect(listedKind('listItems')).toBe('goals');
  });

  it('each have a name the tool-activity toast shows in every language', () => {
    expect(Object.keys(en.voice.tools.names).sort()).toEqual([...byName.keys()].sort());
  });

  it('take their parameters from the zod schemas in shared/, the same the API validates with', () => {
    for (const kind of ITEM_KINDS) {
      const subject = ENTITY_OF_KIND[kind].replace(/^\w/, (letter) => letter.toUpperCase());
      const create = byName.get(`create${subject}`)!.parameters;
      expect(create).toEqual(toToolParameter(inputJsonSchema(ITEM_SCHEMAS[kind].create), 'parameters'));
      expect(Object.keys(create.properties).sort()).toEqual(Object.keys(ITEM_SCHEMAS[kind].create.shape).sort());

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
