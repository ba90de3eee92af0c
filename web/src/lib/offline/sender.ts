/**
 * Sends an account's outbox (outbox.ts), oldest change first (different items' side by side, each
 * item's in order: see waitsFor), each with its own Idempotency-Key,
 * so a change whose answer was lost is applied once however often it is sent again.
 *
 * Driving it from a test (Node, no window):
 *   import 'fake-indexeddb/auto';
 *   const outbox = await Outbox.open(userId);            // options: { factory, channel, now, newKey }
 *   await outbox.enqueue([{ kind: 'tasks', op: 'create', id: crypto.randomUUID(), body: { title: 'A' } }]);
 *   await sendWaiting(outbox, transport);                 // 'idle': all sent; 'waiting': the transport failed
 *   overlayItems('tasks', serverTasks, outbox.changes);   // what the screen shows (overlay.ts)
 * `transport` answers an OutboxRequest with `{ status, body }` and throws when the network fails
 * (e.g. fetch against the local API with the user's token: `fetchTransport(origin, token)`).
 * `OutboxSender` adds what a tab needs around it: one tab at a time, retries with backoff.
 */
import { API_ERRORS } from '../../../../shared/messages';
import { listCacheKey, TRASH_KEY } from '../read-paths';
import type { Change } from './database';
import { mergeChange } from './merge';
import type { Outbox } from './outbox';

export interface OutboxRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Every write's (a GET, reading a list again for a stale reorder, has none). */
  idempotencyKey?: string;
  /** The item's version the change was made on (If-Match). */
  ifMatch?: number;
}

export interface TransportAnswer {
  status: number;
  body: unknown;
}

/** Sends one request; throws when it did not reach the server or its answer was lost. */
export type Transport = (request: OutboxRequest) => Promise<TransportAnswer>;

/** The request a change makes. */
export function requestOf(change: Change): OutboxRequest {
  const { kind, id, key: idempotencyKey } = change;
  const item = `${listCacheKey(kind)}/${id}`;
  switch (change.op) {
    case 'create':
      return { method: 'POST', path: listCacheKey(kind), body: { ...change.body, id }, idempotencyKey };
    case 'update':
      return { method: 'PATCH', path: item, body: change.body, idempotencyKey, ifMatch: change.base_version };
    case 'trash':
      return { method: 'DELETE', path: item, idempotencyKey };
    case 'restore':
    case 'purge':
      return { method: 'POST', path: `${TRASH_KEY}/${change.op === 'restore' ? 'restore' : 'delete'}`, body: { items: [{ kind, id }] }, idempotencyKey };
    case 'reorder':
      return { method: 'PUT', path: `${listCacheKey(kind)}/order`, body: change.body, idempotencyKey };
  }
}

/** A transport over fetch with a bearer token: what a test uses against the local API. */
export function fetchTransport(origin: string, token: () => string | Promise<string>): Transport {
  return async ({ method, path, body, idempotencyKey, ifMatch }) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await token()}` };
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (ifMatch !== undefined) headers['if-match'] = String(ifMatch);
    const response = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: response.status === 204 ? undefined : await response.json().catch(() => undefined) };
  };
}

type Outcome = 'saved' | 'wait' | 'merge' | 'reorder_again' | 'deleted_meanwhile' | 'done' | 'refused';

function outcomeOf(change: Change, { status, body }: TransportAnswer): Outcome {
  if (status >= 200 && status < 300) return 'saved';
  // Not the change's fault: offline with the session to refresh, the server busy or failing, the same key still under way.
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'wait';
  const code = errorOf(body).code;
  if (status === 409 && code === 'idempotency_in_progress') return 'wait';
  if (status === 412 && change.op === 'update') return 'merge';
  // The list changed elsewhere since (the order names every live item, exactly).
  if (status === 409 && change.op === 'reorder' && errorOf(body).message === API_ERRORS.staleWrite) return 'reorder_again';
  if (status === 404) return change.op === 'update' ? 'deleted_meanwhile' : 'done';
  // The id is taken: this create was made already (its answer was lost past the key's window).
  if (status === 409 && change.op === 'create' && errorOf(body).message === API_ERRORS.idAlreadyUsed) return 'done';
  return 'refused';
}

function errorOf(body: unknown): { code?: unknown; message?: unknown; current?: unknown } {
  const error = isRecord(body) ? body.error : undefined;
  return isRecord(error) ? error : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const versionOf = (item: unknown) => (isRecord(item) && typeof item.version === 'number' ? item.version : undefined);
const titleOf = (change: Change, item?: unknown) => {
  const shown = isRecord(item) ? item : (change.item ?? change.body ?? {});
  return String(shown.title ?? shown.name ?? change.title ?? '');
};
const sameItem = (a: Change, b: Change) => a.kind === b.kind && a.id !== undefined && a.id === b.id;

/** Changes of different items go side by side, at most this many at once. */
const SENDS_AT_ONCE = 6;

/**
 * Whether `change` waits for the earlier `earlier` to be answered: one item's changes go in the
 * order they were made (a create before its updates, a move to the trash before the restore), a
 * reorder after everything earlier of its kind and before everything later (it names every live
 * item), and a change that names an item (a task on a goal) after the earlier changes of that item.
 */
function waitsFor(change: Change, bodyText: string, earlier: Change): boolean {
  if (change.kind === earlier.kind && (change.op === 'reorder' || earlier.op === 'reorder' || sameItem(change, earlier))) return true;
  return earlier.id !== undefined && bodyText.includes(earlier.id);
}

/**
 * Sends the waiting changes, oldest first, those of different items side by side (see waitsFor),
 * until none is left ('idle') or one must wait ('waiting': the network failed or the server asked
 * to come back; what is under way then is answered, nothing new starts). `handled` says whether
 * someone in this tab shows a refused change's error (an open form): no conflict notice then.
 */
export async function sendWaiting(outbox: Outbox, transport: Transport, handled: (change: Change) => boolean = () => false): Promise<'idle' | 'waiting'> {
  const underWay = new Map<number, Promise<void>>();
  let mustWait = false;
  let failure: unknown;
  const send = async (change: Change) => {
    try {
      if ((await sendOne(outbox, change, transport, handled)) === 'waiting') mustWait = true;
    } catch (error) {
      // The database failed: what is under way ends, and the caller hears of it.
      failure ??= error;
      mustWait = true;
    } finally {
      underWay.delete(change.seq);
    }
  };
  for (;;) {
    if (!mustWait) {
      const waiting = await outbox.waiting();
      for (const [index, change] of waiting.entries()) {
        if (underWay.size >= SENDS_AT_ONCE) break;
        if (underWay.has(change.seq)) continue;
        // Its body as text once, not once for each earlier change it is held against.
        const bodyText = change.body === undefined ? '' : JSON.stringify(change.body);
        if (waiting.slice(0, index).some((earlier) => waitsFor(change, bodyText, earlier))) continue;
        underWay.set(change.seq, send(change));
      }
    }
    if (underWay.size === 0) break;
    await Promise.race(underWay.values());
  }
  if (failure) throw failure;
  if (mustWait) outbox.announce({ type: 'waiting' });
  return mustWait ? 'waiting' : 'idle';
}

async function sendOne(outbox: Outbox, change: Change, transport: Transport, handled: (change: Change) => boolean): Promise<'handled' | 'waiting'> {
  let answer: TransportAnswer;
  try {
    answer = await transport(requestOf(change));
  } catch {
    return 'waiting';
  }
  const outcome = outcomeOf(change, answer);
  if (outcome === 'wait') return 'waiting';
  if (outcome === 'reorder_again') return reorderedAgain(outbox, change, transport);
  if (outcome === 'merge') await merged(outbox, change, errorOf(answer.body).current);
  else if (outcome === 'saved' || outcome === 'done') await saved(outbox, change, outcome === 'saved' ? answer.body : undefined);
  else await dropped(outbox, change, answer, outcome === 'deleted_meanwhile' ? 'deleted_meanwhile' : handled(change) ? null : 'refused');
  return 'handled';
}

/**
 * The change is on the server: told first (the screens put the answer under what waits, so taking
 * the change out shows no gap), then out of the outbox. The same item's later updates made on the
 * version this write was made on now build on the version it made, but only when nobody else wrote
 * in between (it made exactly the next one): a version that holds others' changes their base does
 * not know must answer them 412, so they are merged. A create answers version 1. A move to the
 * trash or back answers no item, so later updates keep their version and meet a 412: a guess too
 * high could match someone else's version. Without `ownWrite`, the answer is the item as a 412
 * gave it (a merge left nothing to send): nothing moves on.
 */
async function saved(outbox: Outbox, change: Change, answer: unknown, { ownWrite = true } = {}): Promise<void> {
  outbox.announce({ type: 'sent', change, answer });
  const version = versionOf(answer);
  const madeOn = change.base_version;
  await outbox.remove([change.seq], (later) => {
    if (!ownWrite || !sameItem(later, change) || later.op !== 'update' || later.base_version === undefined) return null;
    switch (change.op) {
      case 'create':
        return version === undefined ? null : { ...later, base_version: version };
      case 'update':
        return madeOn !== undefined && later.base_version === madeOn && version === madeOn + 1 ? { ...later, base_version: version } : null;
      default:
        return null;
    }
  });
}

/** The item changed since the change was made (412): what is still mine goes again on its current version, under a new key (the old one holds the 412). */
async function merged(outbox: Outbox, change: Change, current: unknown): Promise<void> {
  if (!isRecord(current)) {
    // No item in the answer to merge with: sent again as it is, without the version.
    return outbox.replace({ ...change, key: outbox.newKey(), base_version: undefined });
  }
  const { patch, conflicts } = mergeChange(change, current);
  const version = versionOf(current);
  // A later update of the item made on top of a value that just lost (the person saw mine, not
  // theirs) must not pass as made on the current version: it is set below it, which no version
  // matches again, so it meets a 412 and is merged by value.
  if (version !== undefined && conflicts.some((field) => field.applied === 'theirs')) {
    const madeOnCurrent = (later: Change) =>
      later.seq !== change.seq && sameItem(later, change) && later.op === 'update' && later.base_version !== undefined && later.base_version >= version;
    await outbox.remove([], (later) => (madeOnCurrent(later) ? { ...later, base_version: version - 1 } : null));
  }
  if (conflicts.length > 0) {
    await outbox.addConflict({
      id: outbox.newKey(),
      kind: change.kind,
      item_id: change.id!,
      title: titleOf(change, current),
      reason: 'changed_elsewhere',
      fields: conflicts,
    });
  }
  const fields = Object.keys(patch);
  if (fields.length === 0) return saved(outbox, change, current, { ownWrite: false });
  const base = Object.fromEntries(fields.map((field) => [field, current[field]]));
  await outbox.replace({ ...change, key: outbox.newKey(), body: patch, base, base_version: versionOf(current) });
}

/**
 * A reorder made on a list that changed since: the person's order of the items still live, with
 * the items new to this browser on top (where a new item goes), sent again under a new key. A list
 * that changes again between the read and the send is refused then.
 */
async function reorderedAgain(outbox: Outbox, change: Change, transport: Transport): Promise<'handled' | 'waiting'> {
  let answer: TransportAnswer;
  try {
    answer = await transport({ method: 'GET', path: listCacheKey(change.kind) });
  } catch {
    return 'waiting';
  }
  if (outcomeOf(change, answer) === 'wait') return 'waiting';
  const listed = isRecord(answer.body) && Array.isArray(answer.body.items) ? (answer.body.items as Array<{ id: string }>).map((item) => item.id) : undefined;
  const mine = (change.body?.ids as string[] | undefined) ?? [];
  const live = new Set(listed);
  const ids = listed && [...listed.filter((id) => !mine.includes(id)), ...mine.filter((id) => live.has(id))];
  if (!ids || ids.join() === mine.join()) await dropped(outbox, change, answer, 'refused');
  else await outbox.replace({ ...change, key: outbox.newKey(), body: { ids } });
  return 'handled';
}

/**
 * The server will not take the change: out of the outbox with the same item's later changes if
 * it was the item's create (they have no item to change), and the person told, unless `reason` is
 * null (a form in this tab shows the error itself).
 */
async function dropped(outbox: Outbox, change: Change, { status, body }: TransportAnswer, reason: 'deleted_meanwhile' | 'refused' | null): Promise<void> {
  const alsoDropped = change.op === 'create' ? outbox.changes.filter((later) => later.seq !== change.seq && sameItem(later, change)) : [];
  await outbox.remove([change.seq, ...alsoDropped.map((later) => later.seq)]);
  // Each is answered, so whatever waits for one (a form, a click) hears it was refused.
  for (const later of alsoDropped) outbox.announce({ type: 'refused', change: later, status, answer: body });
  if (reason) {
    const message = errorOf(body).message;
    await outbox.addConflict({
      id: outbox.newKey(),
      kind: change.kind,
      item_id: change.id ?? '',
      title: titleOf(change),
      reason,
      fields: Object.entries(change.body ?? {}).map(([field, mine]) => ({ field, mine, theirs: change.base?.[field], applied: 'theirs' })),
      ...(reason === 'refused' && { message: typeof message === 'string' ? message : undefined, change }),
    });
  }
  outbox.announce({ type: 'refused', change, status, answer: body });
}

export interface SenderOptions {
  transport: Transport;
  /** Runs a pass while holding the account's lock, so one tab sends at a time (Web Locks in the browser). */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
  handled?: (change: Change) => boolean;
  /** The wait before trying again after the `attempt`-th pass in a row that had to wait. */
  backoffMs?: (attempt: number) => number;
}

const RETRY = { firstMs: 1_000, maxMs: 60_000 } as const;

/** A doubling wait, drawn between half and all of it so that tabs and devices do not come back at once. */
const doublingBackoff = (attempt: number) => Math.min(RETRY.firstMs * 2 ** attempt, RETRY.maxMs) * (0.5 + Math.random() / 2);

/** A tab's sender: a pass whenever asked (a change made, back online), one at a time, and again after a backoff while changes wait. */
export class OutboxSender {
  private pass?: Promise<void>;
  private again = false;
  private attempt = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly options: SenderOptions,
  ) {}

  /** Sends what waits now (or once the pass under way ends). */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.run().then((waits) => {
      this.pass = undefined;
      // A change made during the pass goes in the next one; after a pass that had to wait, that is
      // the retry after its backoff, which sends everything waiting.
      const again = this.again;
      this.again = false;
      if (again && !waits) this.kick();
    });
  }

  /** Sends what waits if nothing is under way or planned (a pass, or a retry after its backoff). */
  wake(): void {
    if (!this.pass && this.timer === undefined) this.kick();
  }

  /** Back online: the wait is over. */
  retryNow(): void {
    this.attempt = 0;
    this.kick();
  }

  /** The pass under way, if any (tests wait for it). */
  idle(): Promise<void> {
    return this.pass ?? Promise.resolve();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One pass; answers whether it had to wait (a retry is planned after the backoff). */
  private async run(): Promise<boolean> {
    let result: 'idle' | 'waiting' = 'idle';
    const pass = async () => {
      result = await sendWaiting(this.outbox, this.options.transport, this.options.handled);
    };
    await (this.options.exclusive ? this.options.exclusive(pass) : pass()).catch(() => {
      result = 'waiting';
    });
    if (result === 'idle') {
      this.attempt = 0;
      return false;
    }
    if (this.stopped) return true;
    this.timer = setTimeout(() => this.kick(), (this.options.backoffMs ?? doublingBackoff)(this.attempt++));
    return true;
  }
}
