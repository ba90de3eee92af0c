import { afterEach, describe, expect, it, vi } from 'vitest';

const reads: Array<{ key: string; finish: () => void }> = [];
vi.mock('swr', () => ({
  mutate: (key: string) => new Promise<void>((resolve) => reads.push({ key, finish: resolve })),
}));
const { readListAgain } = await import('../../web/src/lib/read-paths');
/** Lets the answers' promise callbacks run. */
const answered = () => new Promise((resolve) => setImmediate(resolve));

describe('reading a list again', () => {
  afterEach(() => void (reads.length = 0));

  it('keeps one read under way at a time, and makes one more after it for all the asks meanwhile', async () => {
    readListAgain('tasks');
    readListAgain('tasks');
    readListAgain('tasks');
    readListAgain('events');
    expect(reads.map((read) => read.key)).toEqual(['/api/tasks', '/api/events']);

    reads[0]!.finish();
    await answered();
    expect(reads.map((read) => read.key)).toEqual(['/api/tasks', '/api/events', '/api/tasks']);

    reads[2]!.finish();
    reads[1]!.finish();
    await answered();
    expect(reads).toHaveLength(3);
    // Nothing under way any more: the next ask reads at once.
    readListAgain('tasks');
    expect(reads).toHaveLength(4);
  });
});
