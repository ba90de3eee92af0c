import { describe, expect, it } from 'vitest';
import type { Change } from '../../web/src/lib/offline/database';
import { overlayItems, overlayTrash } from '../../web/src/lib/offline/overlay';

let seq = 0;
const change = (fields: Partial<Change> & Pick<Change, 'kind' | 'op'>): Change => ({
  seq: ++seq,
  key: `key-${seq}`,
  made_at: `2026-03-01T10:00:0${seq % 10}.000Z`,
  ...fields,
});
const task = (id: string, title: string) => ({ id, title, updated_at: '2026-02-01T00:00:00.000Z' });

describe('laying the waiting changes over a list', () => {
  it('shows a create on top, an update, a move to the trash and a reorder, in the order they were made', () => {
    const server = [task('a', 'A'), task('b', 'B')];
    const changes = [
      change({ kind: 'tasks', op: 'create', id: 'c', body: { title: 'C' }, item: { title: 'C', status: 'pending' } }),
      change({ kind: 'tasks', op: 'update', id: 'a', body: { title: 'A2' } }),
      change({ kind: 'tasks', op: 'trash', id: 'b' }),
      change({ kind: 'tasks', op: 'reorder', body: { ids: ['a', 'c'] } }),
      change({ kind: 'goals', op: 'trash', id: 'a' }),
    ];
    const shown = overlayItems('tasks', server, changes);
    expect(shown.map((item) => [item.id, item.title])).toEqual([
      ['a', 'A2'],
      ['c', 'C'],
    ]);
    expect(shown[1]).toMatchObject({ status: 'pending', created_at: changes[0]!.made_at });
    // Laid over again, the same: a read's answer that holds some of them is safe.
    expect(overlayItems('tasks', shown, changes)).toEqual(shown);
    expect(server.map((item) => item.title)).toEqual(['A', 'B']);
  });

  it('shows an item moved to the trash and restored again', () => {
    const changes = [change({ kind: 'tasks', op: 'trash', id: 'a' }), change({ kind: 'tasks', op: 'restore', id: 'a' })];
    expect(overlayItems('tasks', [task('a', 'A')], changes).map((item) => item.id)).toEqual(['a']);
  });

  it('keeps events and tags in the server order', () => {
    const tags = [{ id: 'x', name: 'home', updated_at: '' }];
    const shown = overlayItems('tags', tags, [change({ kind: 'tags', op: 'create', id: 'y', body: { name: 'alpha' } })]);
    expect(shown.map((tag) => tag.name)).toEqual(['alpha', 'home']);
  });

  it('shows moves to the trash in the trash, and takes restored and deleted items out', () => {
    const trash = [{ kind: 'tasks' as const, id: 'old', title: 'Old', deleted_at: '2026-02-01T00:00:00.000Z', days_remaining: 5 }];
    const changes = [
      change({ kind: 'goals', op: 'trash', id: 'g', title: 'Goal' }),
      change({ kind: 'tags', op: 'trash', id: 't', title: 'Tag' }),
      change({ kind: 'tasks', op: 'purge', id: 'old' }),
    ];
    expect(overlayTrash(trash, changes)).toEqual([{ kind: 'goals', id: 'g', title: 'Goal', deleted_at: changes[0]!.made_at, days_remaining: 10 }]);
  });
});
