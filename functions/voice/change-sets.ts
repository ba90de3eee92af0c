import { CHANGE_SET_KEPT_DAYS, CHANGE_SET_LIMITS, CHANGE_SET_MESSAGES, changeLineKey } from '../../shared/change-sets';
import type { CalendarEvent } from '../../shared/calendar-events.schema';
import { eventShowings } from '../../shared/calendar-events';
import { ChangeLineSchema, type ChangeLine, type ChangeSet } from '../../shared/change-sets.schema';
import { calendarDay } from '../../shared/dates';
import { editableFieldNames, ITEM_SCHEMAS, type Item } from '../../shared/item-kinds.schema';
import { isTrashable, type ItemKind } from '../../shared/item-kinds';
import { VOICE_MESSAGES } from '../../shared/messages';
import { TOOL_CALL_MESSAGES } from '../../shared/tool-calls';
import type { ToolCall } from '../../shared/tool-calls.schema';
import { zonedInstant } from '../../shared/zoned-time';
import { createItem, deleteOrTrashItem, findItem, isTrashed, listItems, restoreItems, trashedVersion, updateItem } from '../items/service';
import { sleep } from '../platform/clock';
import { conflict, HttpError, notFound } from '../platform/errors';
import { log } from '../platform/log';
import { parseWith } from '../platform/http';
import { userTimeZone } from '../settings/account-settings';
import {
  claimAnswer,
  countDeletes,
  endAnswer,
  getSetCounters,
  lineOrder,
  listChangeSetIds,
  moveLine,
  putLines,
  readChangeSet,
  reserveLines,
  stopWaitingUnlessDeletesHeld,
  type StoredLine,
  type Unplaced,
} from './change-sets.repository';
import { hashedUuid } from '../../shared/hashed-uuid';
import { markUndone } from './tool-calls.repository';

/**
 * The assistant's change sets: the changes of one turn, undone together ("Undo all") or line by
 * line, and the moves to the trash that wait for the person's confirmation.
 */

/** The change set of a person's conversation turn: every call of the turn names the same one. */
export const changeSetIdOf = (userId: string, conversationId: string, turn: number) => hashedUuid(`change-set:${userId}#${conversationId}#${turn}`);

/**
 * Whether `count` more moves to the trash in this turn must wait for the person: a tag delete
 * always does, and so does every delete of a turn that moves more than 3 items. Deletes sent
 * together (an agent's parallel calls) are counted together: each waits a moment for the others
 * before it applies, so none of them is trashed before the turn turns out to need a confirmation.
 */
export async function mustConfirmDeletes(userId: string, changeSetId: string, count: number, always: boolean): Promise<boolean> {
  // Held deletes, not the set's waiting: a plan of the same turn waits too, and does not hold a delete.
  const tooMany = (counters: { deletes: number; deletes_held: boolean } | undefined) =>
    !counters || counters.deletes_held || counters.deletes > CHANGE_SET_LIMITS.trashWithoutConfirming;
  const counted = await countDeletes(userId, changeSetId, count, always);
  if (always || tooMany(counted)) return hold(userId, changeSetId);
  await sleep(CHANGE_SET_LIMITS.deleteGatherMs);
  return tooMany(await getSetCounters(userId, changeSetId)) ? hold(userId, changeSetId) : false;
}

async function hold(userId: string, changeSetId: string): Promise<true> {
  await countDeletes(userId, changeSetId, 0, true);
  return true;
}

/** A change set that can still be undone: kept as long as the trash keeps what it moved there (the table's TTL may drop it later). */
async function readKept(userId: string, changeSetId: string, now: Date): Promise<Awaited<ReturnType<typeof readChangeSet>>> {
  const found = await readChangeSet(userId, changeSetId);
  const keptUntil = found && Date.parse(found.set.created_at) + CHANGE_SET_KEPT_DAYS * 86_400_000;
  return keptUntil && keptUntil > now.getTime() ? found : undefined;
}

async function readOrNotFound(userId: string, changeSetId: string, now: Date) {
  const found = await readKept(userId, changeSetId, now);
  if (!found) throw notFound();
  return found;
}

export async function getChangeSet(userId: string, changeSetId: string, now: Date): Promise<ChangeSet> {
  return (await readOrNotFound(userId, changeSetId, now)).set;
}

/** Today's change sets in the person's zone, newest first, at most 20. */
export async function listTodaysChangeSets(userId: string, now: Date): Promise<ChangeSet[]> {
  const timeZone = await userTimeZone(userId);
  const since = zonedInstant(calendarDay(now, timeZone), 0, timeZone).toISOString();
  const ids = await listChangeSetIds(userId, since);
  const sets = await Promise.all(ids.map((id) => readChangeSet(userId, id)));
  return sets.flatMap((found) => (found ? [found.set] : []));
}

/** The change sets still kept (CHANGE_SET_KEPT_DAYS), newest first, at most `limit`: what "Export my data" holds of them. */
export async function listKeptChangeSets(userId: string, now: Date, limit: number): Promise<ChangeSet[]> {
  const since = new Date(now.getTime() - CHANGE_SET_KEPT_DAYS * 86_400_000).toISOString();
  const ids = await listChangeSetIds(userId, since, limit);
  const sets = await Promise.all(ids.map((id) => readKept(userId, id, now)));
  return sets.flatMap((found) => (found ? [found.set] : []));
}

/**
 * "Undo all": reverts every applied line of the set (or of `chosen`), newest first, in one request. Either all of
 * them are reverted, or none is, and the 409 names each line that could not be (by
 * `<tool_call_id>/<index>`) with why: changed since, or deleted since.
 */
export async function undoChangeSet(userId: string, changeSetId: string, now: Date, chosen?: readonly string[]): Promise<ChangeSet> {
  const found = await readOrNotFound(userId, changeSetId, now);
  // With `chosen` (a plan's lines, beside other changes of its turn), only those are undone.
  const applied = found.lines.filter((line) => line.status === 'applied' && (!chosen || chosen.includes(changeLineKey(line))));
  if (applied.length === 0) throw conflict(CHANGE_SET_MESSAGES.nothingToUndo);
  await revertAll(userId, changeSetId, found.lines, applied.reverse(), now);
  return getChangeSet(userId, changeSetId, now);
}

/** Undoes the applied lines of one call (or its line `index`), as "Undo all" does for a set. */
export async function undoCallLines(userId: string, changeSetId: string, toolCallId: string, index: number | undefined, now: Date): Promise<void> {
  const lines = (await readKept(userId, changeSetId, now))?.lines ?? [];
  const chosen = lines.filter((line) => line.tool_call_id === toolCallId && (index === undefined || line.index === index));
  const applied = chosen.filter((line) => line.status === 'applied');
  if (applied.length === 0)
    throw conflict(chosen.some((line) => line.status === 'undone') ? TOOL_CALL_MESSAGES.alreadyUndone : CHANGE_SET_MESSAGES.nothingToUndo);
  await revertAll(userId, changeSetId, lines, applied.reverse(), now);
}

/**
 * How long an answer holds its set: longer than the functions that answer (the API's, the tool
 * processor's) may run, so a claim that lapses is one whose answer crashed, and the set can be
 * answered again.
 */
const ANSWER_LEASE_MS = 60_000;

/**
 * The person's answer to what the set holds waiting: moves to the trash (held lines) and planned
 * blocks or moved events (proposed lines), two questions answered apart. Without `chosen` the answer
 * is to every waiting line. With `chosen` (each `<tool_call_id>/<index>`, all waiting lines of one
 * status) it is to the lines of that status only: yes applies the chosen ones and turns the others
 * of that status down, no turns them all down; the other status's lines keep waiting. An item gone
 * or changed since, or a planned block whose task or time is no longer free, fails alone, with why.
 * The set waits as long as some line does.
 */
export async function confirmChangeSet(userId: string, changeSetId: string, apply: boolean, now: Date, chosen?: readonly string[]): Promise<ChangeSet> {
  const found = await readOrNotFound(userId, changeSetId, now);
  const waiting = found.lines.filter((line) => line.status === 'held' || line.status === 'proposed');
  if (waiting.length === 0) throw conflict(CHANGE_SET_MESSAGES.nothingToConfirm);
  const named = (chosen ?? []).map((id) => waiting.find((line) => changeLineKey(line) === id));
  const question = named[0]?.status;
  const strangers = (chosen ?? []).filter((_, at) => named[at]?.status !== question || named[at] === undefined);
  if (strangers.length > 0) {
    throw conflict(CHANGE_SET_MESSAGES.nothingToConfirm, Object.fromEntries(strangers.map((id) => [id, CHANGE_SET_MESSAGES.nothingToConfirm])));
  }
  const answering = question ? waiting.filter((line) => line.status === question) : waiting;
  // The answer is claimed first, in one write before any item's: a second answer finds it taken.
  if (!(await claimAnswer(userId, changeSetId, now, new Date(now.getTime() + ANSWER_LEASE_MS)))) throw conflict(CHANGE_SET_MESSAGES.nothingToConfirm);
  let stillWaiting = true;
  try {
    const applying = answering.filter((line) => apply && (!chosen || chosen.includes(changeLineKey(line))));
    const blockProblems = await whyNotPlannable(userId, applying, now);
    const at = now.toISOString();
    const answer = async (line: StoredLine): Promise<Pick<StoredLine, 'status' | 'reason'> & { after?: Item | null }> => {
      if (!applying.includes(line)) return { status: 'declined', reason: null };
      try {
        const problem = blockProblems.get(line) ?? (await whyNotAsBefore(userId, line));
        if (problem === ALREADY_DONE) return { status: 'applied', reason: null, after: await findItem(userId, line.kind, line.item_id!) };
        if (problem) return { status: 'failed', reason: problem };
        const after = line.status === 'held' ? await trash(userId, line, now) : await writeProposed(userId, line, now);
        return { status: 'applied', reason: null, after };
      } catch (error) {
        // The item gone or changed between the check and the write, or a rule the items domain enforces: the line fails alone.
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        return { status: 'failed', reason: failureOf(error) };
      }
    };
    // Each waiting line is a different item: they are answered side by side.
    const answered = await Promise.allSettled(
      answering.map(async (line) => {
        const to = { ...(await answer(line)), updated_at: at };
        return (await moveLine(userId, changeSetId, line, [line.status], to)) ? { ...line, ...to } : null;
      }),
    );
    // Not answered after all: the person can answer again (what was written stands, and is found again by its id).
    const failure = answered.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    stillWaiting = waiting.length > answering.length;
    const moved = answered.map((outcome) => (outcome as PromiseFulfilledResult<StoredLine | null>).value);
    if (moved.includes(null)) {
      const current = await getChangeSet(userId, changeSetId, now);
      stillWaiting = current.lines.some((line) => line.status === 'held' || line.status === 'proposed');
      return { ...current, awaiting_confirmation: stillWaiting };
    }
    // As written: the set is not read again.
    const byId = new Map(moved.map((line) => [changeLineKey(line!), line!]));
    return {
      ...found.set,
      awaiting_confirmation: stillWaiting,
      updated_at: at,
      lines: found.lines.map((line) => ChangeLineSchema.parse(byId.get(changeLineKey(line)) ?? line)),
    };
  } finally {
    await endAnswer(userId, changeSetId, stillWaiting, now);
  }
}

const failureOf = (error: HttpError) =>
  error.status === 404 ? VOICE_MESSAGES.deletedSince : error.status === 409 ? VOICE_MESSAGES.changedSince : error.message;

/** A held line's move to the trash; answers the item as the trash keeps it (a tag: gone). */
async function trash(userId: string, line: StoredLine, now: Date): Promise<Item | null> {
  await deleteOrTrashItem(userId, line.kind, line.item_id!, now);
  return isTrashable(line.kind) ? trashedVersion(line.before!, now) : null;
}

/**
 * A proposed line written through the items domain: a planned block is created with the id the
 * line names (a second answer finds it), a moved event takes its new times. Answers the saved
 * event, the line's `after` from then on, so its Undo works as any create's or update's.
 */
async function writeProposed(userId: string, line: StoredLine, now: Date): Promise<Item> {
  const planned = line.after!;
  if (line.action === 'create')
    return createItem(userId, 'events', parseWith(ITEM_SCHEMAS.events.create, editableFields('events', planned)), now, line.item_id!);
  const { start_time, end_time } = planned as CalendarEvent;
  return updateItem(userId, 'events', line.item_id!, { start_time, end_time }, now);
}

/**
 * A plan's blocks (or moved events) as lines of its call: waiting for the person's yes, nothing
 * written to items yet. A block's line names the event it will make (`after`, with the id it will
 * take); a move's line the event as it is (`before`) and as it will be (`after`).
 */
export function proposedLine(
  call: Pick<ToolCall, 'id' | 'sequence' | 'created_at'>,
  index: number,
  change: { before: CalendarEvent | null; after: CalendarEvent; proposal: NonNullable<ChangeLine['proposal']>; said: string },
  now: Date,
): StoredLine {
  const moved = change.before !== null;
  return {
    tool_call_id: call.id,
    index,
    order: lineOrder(call, index),
    kind: 'events',
    entity: 'event',
    action: moved ? 'update' : 'create',
    item_id: change.after.id,
    title: change.after.title,
    status: 'proposed',
    reason: null,
    fields: moved ? (['start_time', 'end_time'] as const).map((field) => ({ field, before: change.before![field], after: change.after[field] })) : [],
    said: change.said,
    proposal: change.proposal,
    before: change.before,
    after: change.after,
    updated_at: now.toISOString(),
  };
}

/**
 * Takes room in `set` for a plan's `count` lines (of the call `callId`, whose lines all do
 * `action`: a planTasks' blocks are made, a rescheduleEvents' events updated) and marks the set
 * waiting for the person, with what found no room; false when the set is full. A plan of the same
 * kind and turn still waiting is turned down: the newest replaces it ("only the slides"); a plan of
 * the other kind stays. When the newest placed nothing and nothing else waits, the set stops waiting.
 */
export async function openProposal(
  userId: string,
  set: { id: string; conversation_id: string; turn: number },
  call: { id: string; action: 'create' | 'update' },
  count: number,
  unplaced: Unplaced,
  now: Date,
): Promise<boolean> {
  const reserved = await reserveLines(userId, set, count, now, { unplaced });
  if (!reserved) return false;
  // A set of its own (the first call of its turn, the button's) has no earlier plan: it is not read.
  if (reserved.reservedBefore === 0) return true;
  const lines = (await readChangeSet(userId, set.id))?.lines ?? [];
  const replaced = (line: StoredLine) => line.status === 'proposed' && line.action === call.action && line.tool_call_id !== call.id;
  const at = now.toISOString();
  await Promise.all(lines.filter(replaced).map((line) => moveLine(userId, set.id, line, ['proposed'], { status: 'declined', reason: null, updated_at: at })));
  const othersWait = lines.some((line) => (line.status === 'held' || line.status === 'proposed') && !replaced(line));
  if (count === 0 && !othersWait) await stopWaitingUnlessDeletesHeld(userId, set.id, now);
  return true;
}

/** Saves lines made outside a tool call (the Plan my day button's); a tool call's are saved by its processor. */
export const saveLines = (userId: string, changeSetId: string, lines: readonly StoredLine[], createdAt: string) =>
  putLines(userId, changeSetId, lines, createdAt);

/** The set's lines in their order (a plan's blocks first to last), answered or not; undefined when the set is not the person's or no longer kept. */
export async function linesOf(userId: string, changeSetId: string, now: Date): Promise<StoredLine[] | undefined> {
  return (await readKept(userId, changeSetId, now))?.lines;
}

/** A waiting line whose change its item already shows: an earlier answer wrote it, then crashed. */
const ALREADY_DONE = 'already done';

/**
 * Why a waiting line's item is no longer as it was when the agent asked to delete or move it, or
 * null (ALREADY_DONE for an event already at the times its move names); a planned block has no item yet.
 */
async function whyNotAsBefore(userId: string, line: StoredLine): Promise<string | null> {
  if (!line.before) return null;
  const current = await findItem(userId, line.kind, line.item_id!);
  if (!current || isTrashed(current)) return VOICE_MESSAGES.deletedSince;
  if (current.updated_at === line.before.updated_at) return null;
  const moved =
    line.status === 'proposed' && (['start_time', 'end_time'] as const).every((field) => current[field as keyof Item] === line.after?.[field as keyof Item]);
  return moved ? ALREADY_DONE : VOICE_MESSAGES.changedSince;
}

/**
 * Why each planned block about to be made no longer fits, checked again as it is accepted (the
 * person may have answered an older plan, done the task, or taken the time since): its task done
 * or gone, the task planned since, or its time now taken by a timed event other than the blocks
 * of this same answer. One Query each for the events and the tasks, and only when blocks are made.
 */
async function whyNotPlannable(userId: string, lines: readonly StoredLine[], now: Date): Promise<Map<StoredLine, string>> {
  const problems = new Map<StoredLine, string>();
  const blocks = lines.filter((line) => line.status === 'proposed' && line.action === 'create' && line.proposal);
  if (blocks.length === 0) return problems;
  const [events, tasks, timeZone] = await Promise.all([listItems(userId, 'events'), listItems(userId, 'tasks'), userTimeZone(userId)]);
  const answered = new Set(blocks.map((line) => line.item_id));
  const others = events.filter((event) => !answered.has(event.id));
  const spans = blocks.map((line) => [Date.parse(line.proposal!.start_time), Date.parse(line.proposal!.end_time)] as const);
  const firstDay = calendarDay(new Date(Math.min(...spans.map(([start]) => start))), timeZone);
  const lastDay = calendarDay(new Date(Math.max(...spans.map(([, end]) => end)) - 1), timeZone);
  const busy = eventShowings(others, firstDay, lastDay, timeZone).filter((showing) => !showing.all_day);
  blocks.forEach((line, at) => {
    const [start, end] = spans[at]!;
    const taskId = line.proposal!.task_id;
    const task = taskId && tasks.find((candidate) => candidate.id === taskId);
    const problem =
      taskId && (!task || task.status === 'completed')
        ? VOICE_MESSAGES.taskDoneOrGone
        : taskId && others.some((event) => event.task_id === taskId && Date.parse(event.end_time) > now.getTime())
          ? VOICE_MESSAGES.taskPlannedSince
          : busy.some((showing) => Date.parse(showing.start_time) < end && Date.parse(showing.end_time) > start)
            ? VOICE_MESSAGES.timeTakenSince
            : null;
    if (problem) problems.set(line, problem);
  });
  return problems;
}

/**
 * Reverts `lines` (of the set's `allLines`) in their order (an item's own lines one after the
 * other, different items side by side), all or none. Each is checked first
 * against the item as it is now: the line's own result must still be there (for a line whose item a
 * later line changed again, that later line's revert brings it back, so only the latest line of an
 * item is checked). A revert that fails halfway (someone changed an item between the check and the
 * write) puts back the ones already reverted, so nothing is left half-done. A call with nothing
 * left applied is marked undone, as its own Undo marks it.
 */
async function revertAll(userId: string, changeSetId: string, allLines: readonly StoredLine[], lines: readonly StoredLine[], now: Date): Promise<void> {
  const seen = new Set<string>();
  const latestOfEachItem = lines.filter((line) => !seen.has(`${line.kind}#${line.item_id}`) && seen.add(`${line.kind}#${line.item_id}`));
  const checks = await Promise.all(latestOfEachItem.map(async (line) => [changeLineKey(line), await whyNotRevertible(userId, line)] as const));
  const problems = Object.fromEntries(checks.filter(([, problem]) => problem !== null)) as Record<string, string>;
  if (Object.keys(problems).length > 0) throw conflict(Object.values(problems)[0]!, problems);

  // Each item's lines in their order; different items side by side.
  const chains = new Map<string, StoredLine[]>();
  for (const line of lines) chains.set(`${line.kind}#${line.item_id}`, [...(chains.get(`${line.kind}#${line.item_id}`) ?? []), line]);
  const reverted: StoredLine[] = [];
  const outcomes = await Promise.allSettled(
    [...chains.values()].map(async (chain) => {
      for (const line of chain) {
        await apply(userId, line, 'revert', now);
        reverted.push(line);
      }
    }),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    for (const line of reverted.reverse()) {
      await apply(userId, line, 'redo', now).catch((redoError: unknown) =>
        log.error('an undone change could not be put back', { userId, changeSetId, error: redoError }),
      );
    }
    const error: unknown = failure.reason;
    if (error instanceof HttpError && (error.status === 404 || error.status === 409)) throw conflict(VOICE_MESSAGES.changedSince);
    throw error;
  }
  const at = now.toISOString();
  const calls = [...new Set(lines.map((line) => line.tool_call_id))];
  const undoneCalls = calls.filter((callId) => allLines.every((line) => line.tool_call_id !== callId || line.status !== 'applied' || lines.includes(line)));
  await Promise.all([
    ...lines.map((line) => moveLine(userId, changeSetId, line, ['applied'], { status: 'undone', reason: null, updated_at: at })),
    ...undoneCalls.map((callId) => markUndone(userId, callId, now)),
  ]);
}

/** Why the line's change is no longer what its item shows (changed or deleted since), or null. */
async function whyNotRevertible(userId: string, line: StoredLine): Promise<string | null> {
  const current = await findItem(userId, line.kind, line.item_id!);
  if (line.action === 'delete') {
    // A deleted tag is gone for good; a trashed item must still be in the trash, untouched.
    if (!isTrashable(line.kind)) return current ? VOICE_MESSAGES.changedSince : null;
    if (!current) return VOICE_MESSAGES.deletedSince;
    return isTrashed(current) && current.updated_at === line.after?.updated_at ? null : VOICE_MESSAGES.changedSince;
  }
  if (!current || isTrashed(current)) return VOICE_MESSAGES.deletedSince;
  return current.updated_at === line.after?.updated_at ? null : VOICE_MESSAGES.changedSince;
}

/** Makes a line's change again ('redo') or takes it back ('revert'), through the items domain. */
async function apply(userId: string, line: StoredLine, direction: 'revert' | 'redo', now: Date): Promise<void> {
  const id = line.item_id!;
  const removes = (line.action === 'create') === (direction === 'revert');
  switch (line.action) {
    case 'create':
    case 'delete':
      if (removes) return deleteOrTrashItem(userId, line.kind, id, now);
      if (!isTrashable(line.kind)) {
        await createItem(userId, 'tags', parseWith(ITEM_SCHEMAS.tags.create, editableFields(line.kind, (line.before ?? line.after)!)), now, id);
        return;
      }
      if ((await restoreItems(userId, [{ kind: line.kind, id }], now)) === 0) throw notFound();
      return;
    case 'update': {
      const target = direction === 'revert' ? line.before : line.after;
      await updateItem(userId, line.kind, id, parseWith(ITEM_SCHEMAS[line.kind].update, editableFields(line.kind, target!)), now);
    }
  }
}

/** The fields a person can edit, from a stored item: what an update (or a tag made again) takes. */
function editableFields(kind: ItemKind, item: Item): Record<string, unknown> {
  return Object.fromEntries(
    editableFieldNames(kind)
      .filter((name) => name in item)
      .map((name) => [name, (item as Record<string, unknown>)[name]]),
  );
}
