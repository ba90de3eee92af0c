import { describe, expect, it } from 'vitest';
import type { ChangeLine, ChangeSet } from '../../shared/change-sets.schema';
import { VOICE_MESSAGES } from '../../shared/messages';
import { proposedBlocks } from '../../web/src/features/planning/lib/proposals';
import { answerToldToAgent } from '../../web/src/features/voice/api/change-set-answers';

const line = (index: number, status: ChangeLine['status'], hour: number | null, title = `Block ${index}`): ChangeLine => ({
  tool_call_id: 'call',
  index,
  entity: hour === null ? 'task' : 'event',
  action: hour === null ? 'delete' : 'create',
  item_id: `item-${index}`,
  title,
  status,
  reason: null,
  fields: [],
  said: null,
  ...(hour === null
    ? {}
    : {
        proposal: {
          task_id: `task-${index}`,
          start_time: `2026-12-07T${String(hour).padStart(2, '0')}:00:00.000Z`,
          end_time: `2026-12-07T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
          reason: { code: 'first_free' as const },
        },
      }),
  updated_at: '2026-12-07T08:00:00.000Z',
});

const set = (id: string, created_at: string, lines: ChangeLine[]): ChangeSet => ({
  id,
  conversation_id: 'planner',
  turn: 0,
  made_by: null,
  awaiting_confirmation: true,
  lines,
  created_at,
  updated_at: created_at,
});

describe('proposedBlocks', () => {
  const older = set('older', '2026-12-07T08:00:00.000Z', [line(0, 'proposed', 9)]);
  const newer = set('newer', '2026-12-07T08:05:00.000Z', [line(0, 'proposed', 14), line(1, 'declined', 10), line(2, 'proposed', 11)]);
  const heldOnly = set('held', '2026-12-07T08:15:00.000Z', [line(0, 'held', null)]);

  it('draws only the newest plan, its waiting blocks earliest first, however the sets are listed', () => {
    // The turn under way first, then today's newest first; or any order.
    for (const sets of [
      [heldOnly, older, newer],
      [newer, older, heldOnly],
    ]) {
      expect(proposedBlocks(sets).map((block) => [block.key, block.start_time])).toEqual([
        ['newer/call/2', '2026-12-07T11:00:00.000Z'],
        ['newer/call/0', '2026-12-07T14:00:00.000Z'],
      ]);
    }
    expect(proposedBlocks([heldOnly])).toEqual([]);
  });

  it('draws nothing once the newest plan is answered, or placed nothing, though an older one still waits', () => {
    const answered = set('answered', '2026-12-07T08:10:00.000Z', [line(0, 'applied', 15)]);
    expect(proposedBlocks([older, answered])).toEqual([]);
    const noRoom = {
      ...set('no-room', '2026-12-07T08:10:00.000Z', []),
      unplaced: [{ task_id: 'task', title: 'Paint', reason: { code: 'too_long' as const } }],
    };
    expect(proposedBlocks([noRoom, older])).toEqual([]);
  });
});

describe('answerToldToAgent', () => {
  it('tells what the server made of the answer, failures by title and why, not what was ticked', () => {
    const answered = set('s', '2026-12-07T08:00:00.000Z', [
      line(0, 'applied', 9),
      { ...line(1, 'failed', 10, 'Report'), reason: VOICE_MESSAGES.changedSince },
      line(2, 'declined', 11),
      // A held move of the same turn, not part of this answer.
      line(3, 'held', null),
    ]);
    expect(answerToldToAgent(answered, ['call/0', 'call/1', 'call/2'], 'plan')).toBe(
      `The person answered the plan on screen: 1 done, 1 turned down, 1 failed (“Report”: ${VOICE_MESSAGES.changedSince}).`,
    );
    expect(answerToldToAgent(answered, ['call/2'], 'moves to the trash')).toBe('The person answered the moves to the trash on screen: 0 done, 1 turned down.');
  });
});
