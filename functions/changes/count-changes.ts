import { isDeepStrictEqual } from 'node:util';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Stamped } from '../../shared/changes';
import {
  CHANGE_LINE_INFIX,
  CHANGE_SET_PREFIX,
  KIND_OF_PREFIX,
  REMINDER_NOTICE_PREFIX,
  TOOL_CALL_LEASE,
  TOOL_CALL_PREFIX,
  USER_SK,
  userIdOfKey,
} from '../data/keys';
import { reportError } from '../platform/error-reporting';
import { log } from '../platform/log';
import { streamConsumer, type TableChange } from '../platform/stream';
import { closeOpenConnections, notifyConnections } from '../change-notices/sockets';
import { bumpStamps } from './stamps.repository';

/**
 * Which counter a changed record of a user's moves: its item kind, the settings, the tool calls
 * (and the lines of the change sets they make; a set's own record only counts, which no screen
 * shows) or the reminders on screen.
 */
export function counterOf(sortKey: string): Stamped | null {
  if (sortKey === USER_SK.settings) return 'settings';
  if (sortKey.startsWith(TOOL_CALL_PREFIX) || (sortKey.startsWith(CHANGE_SET_PREFIX) && sortKey.includes(CHANGE_LINE_INFIX))) return 'toolcalls';
  if (sortKey.startsWith(REMINDER_NOTICE_PREFIX)) return 'reminders';
  return KIND_OF_PREFIX[sortKey.split('#')[0]!] ?? null;
}

/** Attributes no screen shows: a write that changes nothing else (a tool call taken by its processor) moves no counter. */
const UNSHOWN_ATTRIBUTES: ReadonlySet<string> = new Set([TOOL_CALL_LEASE]);

function shownChange({ before, after }: TableChange): boolean {
  if (!before || !after) return true;
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].some(
    (name) => !UNSHOWN_ATTRIBUTES.has(name) && !isDeepStrictEqual(before[name], after[name]),
  );
}

/**
 * Moves the change counters from the table's stream, so a request does only its own reads and its
 * write, and a counter moves if and only if a change was saved. A batch's changes are counted per
 * user, in one write each, and the user's open screens are told the new counters at once. A user
 * whose count or notice failed has their records retried; counting one twice only moves a counter
 * one step more, which costs a screen one read. A user whose sessions were ended (a password reset,
 * "Sign out everywhere") has every open socket closed.
 */
export const handler = streamConsumer('changes/count-changes', async (changes) => {
  const byUser = new Map<string, { counts: Map<Stamped, number>; records: DynamoDBRecord[] }>();
  const sessionsEnded = new Map<string, DynamoDBRecord[]>();
  for (const change of changes) {
    if (change.SK === USER_SK.sessions) {
      const userId = userIdOfKey(change.PK);
      if (change.record.eventName !== 'REMOVE') sessionsEnded.set(userId, [...(sessionsEnded.get(userId) ?? []), change.record]);
      continue;
    }
    const what = counterOf(change.SK);
    if (!what || !shownChange(change)) continue;
    const userId = userIdOfKey(change.PK);
    const group = byUser.get(userId) ?? { counts: new Map<Stamped, number>(), records: [] as DynamoDBRecord[] };
    group.counts.set(what, (group.counts.get(what) ?? 0) + 1);
    group.records.push(change.record);
    byUser.set(userId, group);
  }
  const failed: DynamoDBRecord[] = [];
  await Promise.all([
    ...[...byUser].map(async ([userId, { counts, records }]) => {
      try {
        // Removals alone never make a counters record: an account being deleted takes its records
        // away, its counters too, and must not get them back.
        const stamps = bumpStamps(
          userId,
          counts,
          records.every((record) => record.eventName === 'REMOVE'),
        );
        await notifyConnections(
          userId,
          stamps.then((moved) => moved && { stamps: moved }),
        );
      } catch (error) {
        log.error('changes not counted', { userId, error });
        await reportError(error);
        failed.push(...records);
      }
    }),
    ...[...sessionsEnded].map(async ([userId, records]) => {
      try {
        await closeOpenConnections(userId);
      } catch (error) {
        log.error('sockets not closed', { userId, error });
        await reportError(error);
        failed.push(...records);
      }
    }),
  ]);
  return failed;
});
