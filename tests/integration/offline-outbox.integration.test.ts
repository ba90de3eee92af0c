import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../functions/platform/clock';
import type { TrashEntry } from '../../shared/item-fields.schema';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../shared/tasks';
import type { Change, NewChange } from '../../web/src/lib/offline/database';
import { Outbox, type OutboxChannel, type OutboxMessage } from '../../web/src/lib/offline/outbox';
import { overlayItems, overlayTrash } from '../../web/src/lib/offline/overlay';
import { sendWaiting, type Transport } from '../../web/src/lib/offline/sender';
import { integrationHarness, type TestUser } from '../support/harness';

/**
 * The outbox (web/src/lib/offline) against the real API, model-based (issue 56): random offline
 * edits in two tabs of one account (two Outbox instances over one IndexedDB and one channel, as two
 * tabs share them), another device's writes meanwhile, network drops, lost answers, duplicated
 * sends and reloads; then the network comes back. The server must end as a plain model says, which
 * applies each change once, in the order made, field by field: a field still as the person saw it
 * takes theirs, one changed elsewhere takes the newer (the change's made_at against the item's
 * updated_at) and keeps the other as a conflict; a change to an item in the trash is a conflict.
 * The model learns from the outbox only in which pass a change met the server (taken out, or given
 * a new key by a merge whose rest goes later), never what it did there. Time is one virtual clock
 * for the server and the outbox: each step moves it a second, and every request of one pass is made
 * at the same instant (the server keeps an item's updated_at increasing by a millisecond, as the
 * model does). A lost answer is a 2xx one: a lost 412 or 404 is answered again later as it was, so
 * the merge works on the item as it was then, which this model does not follow.
 */

// Every run is a new account from the harness's one address: the per-address quota would refuse a long shrink.
const { call, user } = integrationHarness({ clientLimits: { perAddress: 1_000_000 } });

type Field = 'title' | 'priority' | 'status';
const FIELDS: readonly Field[] = ['title', 'priority', 'status'];
const VALUES: Record<Field, readonly string[]> = { title: ['Alpha', 'Beta', 'Gamma'], priority: TASK_PRIORITIES, status: TASK_STATUSES };
const DEFAULTS: Record<Field, string> = { title: '', priority: 'medium', status: 'pending' };
type Fields = Record<Field, string>;

/** What a screen lists: the server's task, or one shown from the outbox. */
interface Listed {
  id: string;
  title: string;
  priority: string;
  status: string;
  version: number;
  updated_at: string;
}

// ---- The steps ----------------------------------------------------------------------------------

type Fault = 'ok' | 'drop' | 'lost' | 'duplicate';
interface FieldChoice {
  field: Field;
  /** Which of the field's other values (not the one shown). */
  value: number;
}
type Edit =
  | { op: 'create'; title: number; priority: number | null; status: number | null }
  | { op: 'update'; pick: number; fields: FieldChoice[] }
  | { op: 'trash'; pick: number }
  | { op: 'restore'; pick: number };
type Elsewhere = { op: 'update'; pick: number; fields: FieldChoice[] } | { op: 'trash'; pick: number } | { op: 'restore'; pick: number };
type Step =
  | { type: 'edit'; tab: number; edit: Edit }
  | { type: 'elsewhere'; write: Elsewhere }
  /** The network is there for a pass of one tab's sender; each change's first request meets a fault in turn. */
  | { type: 'flush'; tab: number; faults: Fault[] }
  | { type: 'reload'; tab: number }
  /** A tab reads its lists again (online for a moment, the page shown again). */
  | { type: 'read'; tab: number };

const tab = fc.constantFrom(0, 1);
const pick = fc.nat(20);
const fieldChoices = fc.uniqueArray(fc.record({ field: fc.constantFrom(...FIELDS), value: fc.nat(1) }), {
  minLength: 1,
  maxLength: 2,
  selector: (choice) => choice.field,
});
const update = fc.record({ op: fc.constant('update' as const), pick, fields: fieldChoices });
const trash = fc.record({ op: fc.constant('trash' as const), pick });
const restore = fc.record({ op: fc.constant('restore' as const), pick });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), title: fc.nat(2), priority: fc.option(fc.nat(2)), status: fc.option(fc.nat(2)) }) },
  { weight: 5, arbitrary: update },
  { weight: 1, arbitrary: trash },
  { weight: 1, arbitrary: restore },
);
const elsewhere: fc.Arbitrary<Elsewhere> = fc.oneof({ weight: 4, arbitrary: update }, { weight: 1, arbitrary: trash }, { weight: 1, arbitrary: restore });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('edit' as const), tab, edit }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('elsewhere' as const), write: elsewhere }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('flush' as const),
      tab,
      faults: fc.array(fc.constantFrom<Fault>('ok', 'drop', 'lost', 'duplicate'), { maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reload' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('read' as const), tab }) },
);

// ---- The model ----------------------------------------------------------------------------------

interface ModelItem {
  fields: Fields;
  updated_at: string;
  trashed: boolean;
}
interface ExpectedConflict {
  item_id: string;
  reason: 'changed_elsewhere' | 'deleted_meanwhile';
  fields: Array<{ field: string; mine: unknown; theirs: unknown; applied: 'mine' | 'theirs' }>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The server's rule for an update's updated_at: now, or a millisecond past the last one. */
const laterThan = (previous: string, at: number) => (at > Date.parse(previous) ? iso(at) : iso(Date.parse(previous) + 1));

class Model {
  readonly items = new Map<string, ModelItem>();
  /** The changes not yet applied, by seq. */
  readonly waiting = new Map<number, Change>();
  readonly conflicts: ExpectedConflict[] = [];

  /** A change applied once by the server at `at`. */
  apply(change: Change, at: number): void {
    const id = change.id!;
    const item = this.items.get(id);
    const body = (change.body ?? {}) as Partial<Fields>;
    switch (change.op) {
      case 'create':
        this.items.set(id, { fields: { ...DEFAULTS, ...body }, updated_at: iso(at), trashed: false });
        return;
      case 'update': {
        if (!item || item.trashed) {
          const fields = Object.entries(body).map(([field, mine]) => ({ field, mine, theirs: change.base?.[field], applied: 'theirs' as const }));
          this.conflicts.push({ item_id: id, reason: 'deleted_meanwhile', fields });
          return;
        }
        const patch = this.meet(change, item);
        if (Object.keys(patch).length > 0) Object.assign(item, { fields: { ...item.fields, ...patch }, updated_at: laterThan(item.updated_at, at) });
        return;
      }
      case 'trash':
      case 'restore':
        if (item && item.trashed !== (change.op === 'restore')) return;
        if (item) Object.assign(item, { trashed: change.op === 'trash', updated_at: iso(at) });
        return;
      default:
        throw new Error(`The model has no ${change.op}`);
    }
  }

  /**
   * An update met the item changed since (412) and what is left of it goes in a later pass: the
   * conflicts are the item's as it is now, and the rest waits, made on the item as it is now.
   */
  merge(change: Change): void {
    const item = this.items.get(change.id!);
    if (!item || item.trashed) throw new Error(`A merge of ${change.id} with no live item`);
    const patch = this.meet(change, item);
    const base = Object.fromEntries(Object.keys(patch).map((field) => [field, item.fields[field as Field]]));
    this.waiting.set(change.seq, { ...change, body: patch, base });
  }

  /** Field by field, what of an update the live item must take, with its conflicts recorded. */
  private meet(change: Change, item: ModelItem): Partial<Fields> {
    const mineIsNewer = Date.parse(change.made_at) >= Date.parse(item.updated_at);
    const patch: Partial<Fields> = {};
    const conflicts: ExpectedConflict['fields'] = [];
    for (const [field, mine] of Object.entries(change.body ?? {}) as Array<[Field, string]>) {
      const theirs = item.fields[field];
      if (theirs === mine) continue;
      if (theirs === change.base?.[field]) patch[field] = mine;
      else {
        conflicts.push({ field, mine, theirs, applied: mineIsNewer ? 'mine' : 'theirs' });
        if (mineIsNewer) patch[field] = mine;
      }
    }
    if (conflicts.length > 0) this.conflicts.push({ item_id: change.id!, reason: 'changed_elsewhere', fields: conflicts });
    return patch;
  }
}

// ---- Two tabs of one account ----------------------------------------------------------------------

/** BroadcastChannel between the tabs of one test: a message reaches the other open channels, later and copied. */
function channels() {
  const open = new Set<(message: OutboxMessage) => void>();
  return (): OutboxChannel => {
    const listeners: Array<(event: { data: OutboxMessage }) => void> = [];
    const deliver = (message: OutboxMessage) => setTimeout(() => listeners.forEach((listener) => listener({ data: structuredClone(message) })));
    open.add(deliver);
    return {
      postMessage: (message) => open.forEach((other) => other !== deliver && other(message)),
      addEventListener: (_type, listener) => void listeners.push(listener),
      close: () => void open.delete(deliver),
    };
  };
}

interface Tab {
  outbox: Outbox;
  /** The server's lists as this tab last read them. */
  list: Listed[];
  trash: TrashEntry[];
}

const signature = (outbox: Outbox) =>
  JSON.stringify([outbox.changes.map((change) => [change.seq, change.key]), outbox.conflicts.map((conflict) => conflict.id).sort()]);

/** Waits until every tab heard the last change (a channel's message and the read it causes come a moment later). */
async function heardByAll(tabs: readonly Tab[]): Promise<void> {
  for (let turn = 0; turn < 5_000; turn += 1) {
    if (new Set(tabs.map((each) => signature(each.outbox))).size === 1) return;
    await new Promise((resolve) => setTimeout(resolve));
  }
  throw new Error('The tabs never agreed on the outbox');
}

// ---- The world's clock and transport --------------------------------------------------------------

const START = Date.UTC(2026, 2, 2, 9);
let clockMs = START;
let restoreClock: () => void;
beforeAll(() => {
  restoreClock = setClock({ now: () => clockMs, sleep: () => new Promise((resolve) => setTimeout(resolve)) });
});
afterAll(() => restoreClock());

const overTheApi =
  (who: TestUser): Transport =>
  async ({ method, path, body, idempotencyKey, ifMatch }) => {
    const headers: Record<string, string> = {};
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (ifMatch !== undefined) headers['if-match'] = String(ifMatch);
    const answer = await call(method, path, { token: who.token, body, headers });
    return { status: answer.status, body: answer.body };
  };

/**
 * The network of one pass: the first request of each change made by a person (its own key; a
 * merge's resend is left alone) meets the next fault: dropped before it leaves, answered 2xx and
 * the answer lost (`lost` tells which change reached the server), or sent twice.
 */
function faulty(transport: Transport, faults: Fault[], keyToSeq: ReadonlyMap<string, number>, lost: Set<number>): Transport {
  const left = [...faults];
  return async (request) => {
    const seq = request.idempotencyKey === undefined ? undefined : keyToSeq.get(request.idempotencyKey);
    const fault = seq === undefined ? 'ok' : (left.shift() ?? 'ok');
    if (fault === 'drop') throw new TypeError('Failed to fetch');
    const answer = await transport(request);
    if (fault === 'duplicate') return transport(request);
    if (fault === 'lost' && answer.status >= 200 && answer.status < 300) {
      lost.add(seq!);
      throw new TypeError('network error');
    }
    return answer;
  };
}

// ---- The run ------------------------------------------------------------------------------------

const fieldsOf = (item: Pick<Listed, Field>): Fields => ({ title: item.title, priority: item.priority, status: item.status });
const otherValue = (field: Field, shown: string, choice: number) => {
  const others = VALUES[field].filter((value) => value !== shown);
  return others[choice % others.length]!;
};

async function run(steps: readonly Step[]): Promise<void> {
  clockMs = START;
  const alice = await user();
  const transport = overTheApi(alice);
  const factory = new IDBFactory();
  const channel = channels();
  const open = () => Outbox.open(alice.id, { factory, channel: channel(), now: () => new Date(clockMs) });
  const model = new Model();
  const keyToSeq = new Map<string, number>();

  const read = async () => {
    const list = (await alice.get('/api/tasks')).body.items as Listed[];
    const trash = (await alice.get('/api/trash')).body.items as TrashEntry[];
    return { list, trash };
  };
  /** The server holds what the model says: the same live and trashed items, with the same fields and updated_at. */
  const expectServerAsModel = async (where: string) => {
    const { list, trash } = await read();
    const server = Object.fromEntries([
      ...list.map((item) => [item.id, { fields: fieldsOf(item), updated_at: item.updated_at, trashed: false }]),
      ...trash.map((entry) => [entry.id, 'trashed']),
    ]);
    const expected = Object.fromEntries([...model.items].map(([id, item]) => [id, item.trashed ? 'trashed' : item]));
    // Each item once: an offline create made twice would list its id twice.
    expect(list.length + trash.length, where).toBe(Object.keys(server).length);
    expect(server, where).toEqual(expected);
    return { list, trash };
  };
  const tick = () => (clockMs += 1_000);

  for (const [index, title] of ['Write', 'Read'].entries()) {
    // One after the other, so the list's order does not depend on their ids.
    tick();
    const made = (await alice.post('/api/tasks', { title, priority: VALUES.priority[index] })).body;
    model.items.set(made.id, { fields: fieldsOf(made), updated_at: made.updated_at, trashed: false });
  }
  const seen = await read();
  const tabs: Tab[] = [];
  for (let index = 0; index < 2; index += 1) tabs.push({ outbox: await open(), ...structuredClone(seen) });

  const enqueue = async (by: Tab, change: NewChange) => {
    const [added] = await by.outbox.enqueue([change]);
    keyToSeq.set(added!.key, added!.seq);
    model.waiting.set(added!.seq, added!);
  };

  try {
    for (const [index, current] of steps.entries()) {
      tick();
      const where = `after step ${index + 1}: ${JSON.stringify(current)}`;
      if (current.type === 'edit') {
        const by = tabs[current.tab]!;
        const shown = overlayItems('tasks', by.list, by.outbox.changes);
        const { edit } = current;
        if (edit.op === 'create') {
          const body: Partial<Fields> = { title: VALUES.title[edit.title]! };
          if (edit.priority !== null) body.priority = VALUES.priority[edit.priority];
          if (edit.status !== null) body.status = VALUES.status[edit.status];
          const id = randomUUID();
          const item = { ...DEFAULTS, ...body, id, created_at: iso(clockMs), updated_at: iso(clockMs), version: 1 };
          await enqueue(by, { kind: 'tasks', op: 'create', id, body, item, title: body.title });
        } else if (edit.op === 'restore') {
          const entries = overlayTrash(by.trash, by.outbox.changes);
          const entry = entries[edit.pick % Math.max(entries.length, 1)];
          if (entry) {
            const item = by.outbox.changes.find((change) => change.op === 'trash' && change.id === entry.id)?.item;
            await enqueue(by, { kind: 'tasks', op: 'restore', id: entry.id, item, title: entry.title });
          }
        } else {
          const item = shown[edit.pick % Math.max(shown.length, 1)];
          if (item && edit.op === 'trash') await enqueue(by, { kind: 'tasks', op: 'trash', id: item.id, item: { ...item }, title: item.title });
          if (item && edit.op === 'update') {
            const body = Object.fromEntries(edit.fields.map(({ field, value }) => [field, otherValue(field, item[field], value)]));
            const base = Object.fromEntries(edit.fields.map(({ field }) => [field, item[field] ?? null]));
            await enqueue(by, { kind: 'tasks', op: 'update', id: item.id, body, base, base_version: item.version, title: item.title });
          }
        }
      } else if (current.type === 'elsewhere') {
        // Another device (or the assistant) writes straight to the API.
        const { write } = current;
        const candidates = [...model.items].filter(([, item]) => item.trashed === (write.op === 'restore'));
        const [id, item] = candidates[write.pick % Math.max(candidates.length, 1)] ?? [];
        if (id && item) {
          if (write.op === 'update') {
            const patch = Object.fromEntries(write.fields.map(({ field, value }) => [field, otherValue(field, item.fields[field], value)]));
            expect((await alice.patch(`/api/tasks/${id}`, patch)).status, where).toBe(200);
            Object.assign(item, { fields: { ...item.fields, ...patch }, updated_at: laterThan(item.updated_at, clockMs) });
          } else if (write.op === 'trash') {
            expect((await alice.delete(`/api/tasks/${id}`)).status, where).toBe(204);
            Object.assign(item, { trashed: true, updated_at: iso(clockMs) });
          } else {
            expect((await alice.post('/api/trash/restore', { items: [{ kind: 'tasks', id }] })).body, where).toEqual({ restored: 1 });
            Object.assign(item, { trashed: false, updated_at: iso(clockMs) });
          }
        }
      } else if (current.type === 'flush') {
        const by = tabs[current.tab]!;
        const before = by.outbox.changes;
        const lost = new Set<number>();
        await sendWaiting(by.outbox, faulty(transport, current.faults, keyToSeq, lost));
        const left = new Map(by.outbox.changes.map((change) => [change.seq, change.key]));
        // Which changes met the server in this pass, in the order made: applied (answered or not), or merged (a new key) with the rest to send later.
        for (const { seq, key } of before) {
          const change = model.waiting.get(seq);
          if (!change) continue;
          if (!left.has(seq) || lost.has(seq)) {
            model.apply(change, clockMs);
            model.waiting.delete(seq);
          } else if (left.get(seq) !== key) model.merge(change);
        }
        // The sending tab reads its lists again (its change watcher saw them move); the other may show older ones.
        Object.assign(by, await expectServerAsModel(where));
      } else if (current.type === 'read') {
        Object.assign(tabs[current.tab]!, await read());
      } else {
        const by = tabs[current.tab]!;
        by.outbox.close();
        by.outbox = await open();
      }
      await heardByAll(tabs);
    }

    // Back online for good: the sender runs until nothing waits.
    tick();
    expect(await sendWaiting(tabs[0]!.outbox, transport)).toBe('idle');
    for (const change of [...model.waiting.values()].sort((a, b) => a.seq - b.seq)) model.apply(change, clockMs);
    await heardByAll(tabs);
    const { list } = await expectServerAsModel('at the end');

    for (const each of tabs) {
      expect(each.outbox.changes).toEqual([]);
      // What every tab shows is the server's list.
      expect(overlayItems('tasks', list, each.outbox.changes)).toEqual(list);
      const conflicts = each.outbox.conflicts.map(({ item_id, reason, fields }) => ({ item_id, reason, fields: [...fields].sort(byField) }));
      expect(sorted(conflicts), 'the conflicts').toEqual(
        sorted(model.conflicts.map((conflict) => ({ ...conflict, fields: [...conflict.fields].sort(byField) }))),
      );
    }
  } finally {
    for (const each of tabs) each.outbox.close();
  }
}

const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);
const sorted = <T>(list: T[]) => list.map((entry) => JSON.stringify(entry)).sort();

/** Found by this test: a later edit of a field whose earlier edit lost its merge to a newer value elsewhere must not overwrite that value. */
const EDIT_AFTER_LOST_MERGE: Step[] = [
  { type: 'edit', tab: 0, edit: { op: 'update', pick: 0, fields: [{ field: 'title', value: 0 }] } },
  { type: 'edit', tab: 0, edit: { op: 'update', pick: 0, fields: [{ field: 'title', value: 1 }] } },
  { type: 'elsewhere', write: { op: 'update', pick: 1, fields: [{ field: 'title', value: 1 }] } },
];
/** Found by this test: an edit made on a list read after a restore reached the server (its answer lost) must not pass If-Match on another device's version. */
const EDIT_AFTER_LOST_RESTORE: Step[] = [
  { type: 'edit', tab: 0, edit: { op: 'trash', pick: 0 } },
  { type: 'flush', tab: 0, faults: [] },
  { type: 'edit', tab: 0, edit: { op: 'restore', pick: 0 } },
  { type: 'flush', tab: 0, faults: ['lost'] },
  { type: 'edit', tab: 0, edit: { op: 'update', pick: 0, fields: [{ field: 'title', value: 0 }] } },
  { type: 'flush', tab: 0, faults: ['drop'] },
  { type: 'edit', tab: 0, edit: { op: 'update', pick: 0, fields: [{ field: 'title', value: 0 }] } },
  { type: 'elsewhere', write: { op: 'update', pick: 3, fields: [{ field: 'title', value: 0 }] } },
];
/** Found by this test: an edit in another tab, read after another device's write, on top of a waiting change that then loses its merge, must be merged too (the other device's value is the person's loss to show). */
const EDIT_ON_A_CHANGE_THAT_LOSES_ITS_MERGE: Step[] = [
  { type: 'edit', tab: 0, edit: { op: 'update', pick: 3, fields: [{ field: 'title', value: 0 }] } },
  { type: 'elsewhere', write: { op: 'update', pick: 0, fields: [{ field: 'title', value: 1 }] } },
  { type: 'read', tab: 1 },
  { type: 'edit', tab: 1, edit: { op: 'update', pick: 1, fields: [{ field: 'title', value: 1 }] } },
];

describe('the outbox and the API, against a model', () => {
  // Some 10 s here (two cores): each run is a new account, two tabs and a few dozen requests.
  it(
    'apply every offline change once, merged per field as the model says, through drops, lost answers, duplicates and reloads',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25, size: 'max' }), (steps) => run(steps)),
        { numRuns: 30, examples: [[EDIT_AFTER_LOST_MERGE], [EDIT_AFTER_LOST_RESTORE], [EDIT_ON_A_CHANGE_THAT_LOSES_ITS_MERGE]] },
      );
    },
  );
});
