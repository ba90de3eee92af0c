import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { DEFAULT_TAG_COLOR, TAG_PALETTE, tagColor, tagSuggestions } from '../../shared/tags';
import { ASSISTANT_TOOL_NAMES, ASSISTANT_TOOLS, toolMeaning } from '../../shared/assistant-tools';
import { BATCH_ACTIONS, BATCH_TOOL_KINDS } from '../../shared/change-sets';
import { ITEM_KINDS } from '../../shared/item-kinds';
import { AGENT_ACTION_TYPES, humaniseToolName, TOOL_CALL_ID_MAX } from '../../shared/tool-calls';
import { ToolCallIdSchema, ToolCallRequestSchema } from '../../shared/tool-calls.schema';
import { isWellFormedText, uniqueIgnoringCase } from '../../shared/text';

describe('tag palette', () => {
  it('has ten colours with purple first as the default and fallback', () => {
    expect(TAG_PALETTE).toHaveLength(10);
    expect(TAG_PALETTE[0].name).toBe('purple');
    expect(tagColor('#10b981')).toBe('#10B981');
    expect(tagColor('teal')).toBe('#14B8A6');
    expect(tagColor('#123456')).toBe(DEFAULT_TAG_COLOR);
    expect(tagColor(null)).toBe(DEFAULT_TAG_COLOR);
  });
});

describe('tag suggestions', () => {
  const all = ['Work', 'workout', 'Homework', 'home', 'health', ...Array.from({ length: 20 }, (_, i) => `work-${i}`)];

  it('start at 3 characters, match case-insensitively, exclude selected, cap at 10', () => {
    expect(tagSuggestions('wo', all, []).suggestions).toEqual([]);
    const { suggestions } = tagSuggestions('WOR', all, ['workout']);
    expect(suggestions).toHaveLength(10);
    expect(suggestions.slice(0, 2)).toEqual(['Work', 'Homework']);
    expect(suggestions).not.toContain('workout');
  });

  it("offers 'Create' only without an exact match", () => {
    expect(tagSuggestions('work', all, []).offerCreate).toBe(false);
    expect(tagSuggestions('WORK', all, []).offerCreate).toBe(false);
    expect(tagSuggestions('works', all, []).offerCreate).toBe(true);
  });

  it('keeps the first spelling of names that differ only in case', () => {
    expect(uniqueIgnoringCase(['Work', 'work', 'Home', 'WORK'])).toEqual(['Work', 'Home']);
  });
});

describe('the registry of the assistant’s tools', () => {
  it.each([
    ['createTask', { does: 'change', action: 'create', kind: 'tasks', batch: false }],
    ['updateGoal', { does: 'change', action: 'update', kind: 'goals', batch: false }],
    ['deleteEvent', { does: 'change', action: 'delete', kind: 'events', batch: false }],
    ['createTag', { does: 'change', action: 'create', kind: 'tags', batch: false }],
    ['createItem', { does: 'change', action: 'create', kind: 'goals', batch: false }],
    ['updateItem', { does: 'change', action: 'update', kind: 'goals', batch: false }],
    ['deleteItem', { does: 'change', action: 'delete', kind: 'goals', batch: false }],
    ['listItems', { does: 'list', kind: 'goals' }],
    ['listTasks', { does: 'list', kind: 'tasks' }],
    ['createTasks', { does: 'change', action: 'create', kind: 'tasks', batch: true }],
    ['deleteEvents', { does: 'change', action: 'delete', kind: 'events', batch: true }],
    ['getSchedule', { does: 'read', reads: 'schedule' }],
    ['findFreeTime', { does: 'read', reads: 'free-time' }],
    ['planTasks', { does: 'plan', plans: 'tasks' }],
    ['rescheduleEvents', { does: 'plan', plans: 'moves' }],
    ['answerProposal', { does: 'answer' }],
  ])('%s', (name, meaning) => expect(toolMeaning(name)).toEqual(meaning));

  it.each(['create', 'created', 'getWeather', 'createtask', 'createTags', 'listItem', 'toString', 'constructor', ''])('knows no tool %j', (name) =>
    expect(toolMeaning(name)).toBeNull(),
  );

  it('holds each change and list of every kind once, and a batch of each batch kind', () => {
    expect(ASSISTANT_TOOL_NAMES).toHaveLength(ASSISTANT_TOOLS.size);
    const meanings = [...ASSISTANT_TOOLS.entries()].filter(([name]) => !/Items?$/.test(name)).map(([, meaning]) => JSON.stringify(meaning));
    expect(new Set(meanings).size).toBe(meanings.length);
    const expected = [
      ...ITEM_KINDS.flatMap((kind) => [...AGENT_ACTION_TYPES.map((action) => ({ does: 'change', action, kind, batch: false })), { does: 'list', kind }]),
      ...BATCH_ACTIONS.flatMap((action) => BATCH_TOOL_KINDS.map((kind) => ({ does: 'change', action, kind, batch: true }))),
    ];
    expect(new Set(meanings)).toEqual(
      new Set(
        [...expected, ...['getSchedule', 'findFreeTime', 'planTasks', 'rescheduleEvents', 'answerProposal'].map(toolMeaning)].map((meaning) =>
          JSON.stringify(meaning),
        ),
      ),
    );
  });

  it('humanises names for the activity toast', () => {
    expect(humaniseToolName('createTask')).toBe('Create Task');
    expect(humaniseToolName('list_items')).toBe('List Items');
  });
});

describe('text and ids a client sends', () => {
  /** Any UTF-16 text: pairs of surrogates (emoji), and lone halves of them. */
  const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units));

  it('is well-formed exactly when a URL can carry it (no lone surrogate)', () => {
    fc.assert(
      fc.property(utf16, (text) => {
        let encodable = true;
        try {
          encodeURIComponent(text);
        } catch {
          encodable = false;
        }
        expect(isWellFormedText(text)).toBe(encodable);
      }),
    );
    expect(isWellFormedText('x\ud83d\ude00y')).toBe(true);
    expect(isWellFormedText('x\ud800y')).toBe(false);
  });

  it('takes ElevenLabs’ ids and only ids a path carries as they are', () => {
    const request = (id: string, conversation = 'conv_01jx3f9z') =>
      ToolCallRequestSchema.safeParse({ tool_call_id: id, conversation_id: conversation, tool_name: 'listGoals' });
    expect(request('toolu_vrtx_01AbC-9.x~').success).toBe(true);
    expect(request('toolu_1', '').success).toBe(true);
    for (const id of ['x\ud800y', 'a/b', 'a b', '%2F', 'é', 'x'.repeat(TOOL_CALL_ID_MAX + 1)]) expect(request(id).success).toBe(false);
    expect(request('a?b').error?.issues[0]?.message).toBe(MESSAGES.idCharacters);
    expect(request('ok', 'conv#1').success).toBe(false);
    fc.assert(
      fc.property(utf16, (id) => {
        if (ToolCallIdSchema.safeParse(id).success) expect(encodeURIComponent(id)).toBe(id);
      }),
    );
  });
});
