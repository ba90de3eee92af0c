import type { ItemKind } from '../../shared/items';
import { trashExpiresAt } from '../../shared/trash';

/** Key builders of the single table; docs/data-model.md lists the access patterns they serve. */
export const userKey = (userId: string) => `USER#${userId}`;

const ITEM_PREFIX = { goals: 'GOAL', tasks: 'TASK', events: 'EVENT', tags: 'TAG' } as const satisfies Record<ItemKind, string>;
export const KIND_OF_PREFIX = Object.fromEntries(Object.entries(ITEM_PREFIX).map(([kind, prefix]) => [prefix, kind])) as Record<
  string,
  ItemKind
>;

export const itemKey = (kind: ItemKind, id: string) => `${ITEM_PREFIX[kind]}#${id}`;
export const listKey = (userId: string, kind: ItemKind) => `USER#${userId}#${ITEM_PREFIX[kind]}`;
export const trashKey = (userId: string) => `USER#${userId}#TRASH`;

/** When a trashed item may be purged, and the partition of the expiry index it sits in (one per day). */
export function expiryKeys(deletedAt: string): { XPK: string; XSK: string } {
  const expiresAt = trashExpiresAt(deletedAt);
  return { XPK: `EXPIRY#${expiresAt.slice(0, 10)}`, XSK: expiresAt };
}

/** agent_tool_calls: one per ElevenLabs tool_call_id, so logging the same call twice finds the first. */
export const toolCallKey = (toolCallId: string) => `TOOLCALL#${toolCallId}`;
/** The byList partition of a user's tool calls, sorted by `<created_at>#<id>`: newest first in one Query. */
export const toolCallListKey = (userId: string) => `USER#${userId}#TOOLCALL`;
/** voice_sessions: one per call started. */
export const voiceSessionKey = (sessionId: string) => `VOICESESSION#${sessionId}`;
