import { describe, expect, it } from 'vitest';
import {
  bugReportKey,
  connectionKey,
  dataExportKey,
  dataExportPartKey,
  demoExpiryPartition,
  demoRegisterKey,
  expiryKeys,
  expiryPartition,
  gcalSyncStateKey,
  gcalTokensKey,
  idempotencyPartition,
  idempotentRequestKey,
  itemKey,
  itemKeyPrefix,
  listKey,
  mcpConversationKey,
  mirrorLogKey,
  oauthStateKey,
  pendingMirrorKey,
  pendingMirrorPartition,
  PURGE_CHECKPOINT_KEY,
  quotaKey,
  reminderMailDayKey,
  resetCodeKey,
  signInThrottleKey,
  socketTicketKey,
  syncedRowKey,
  tagNameKey,
  toolCallKey,
  toolCallListKey,
  trashKey,
  USER_SK,
  userIdOfKey,
  userKey,
  verifiedLinkKey,
  voiceSessionKey,
  waitlistKey,
  watchChannelKey,
  watchRenewalPartition,
} from '../../functions/data/keys';
import { ITEM_KINDS } from '../../shared/item-kinds';

/** Each kind of key: a key of it, and the prefix every key of that kind starts with (the whole key for a single record). */
type Kind = { key: string; prefix: string };

/** A key built with a marker where its variable part goes, split there. */
const kind = (build: (variable: string) => string): Kind => {
  const key = build('\u0000');
  return { key: key.replace('\u0000', 'x'), prefix: key.slice(0, key.indexOf('\u0000')) };
};
const single = (key: string): Kind => ({ key, prefix: key });

function expectApart(kinds: Record<string, Kind>) {
  for (const [name, { prefix }] of Object.entries(kinds)) {
    for (const [other, { key }] of Object.entries(kinds)) {
      if (name !== other) expect(key.startsWith(prefix), `a ${other} key would be read as a ${name}`).toBe(false);
    }
  }
}

describe('the table’s keys', () => {
  it('keep every kind of record under a user apart: no key of one kind starts with another’s prefix', () => {
    expectApart({
      ...Object.fromEntries(ITEM_KINDS.map((itemKind) => [itemKind, kind((id) => itemKey(itemKind, id))])),
      settings: single(USER_SK.settings),
      sessions: single(USER_SK.sessions),
      stamps: single(USER_SK.stamps),
      demo: single(USER_SK.demo),
      browsers: single(USER_SK.browsers),
      snoozed: single(USER_SK.snoozed),
      expectedReminders: single(USER_SK.expectedReminders),
      reminderMailDay: kind((day) => reminderMailDayKey('u', day).SK),
      tagName: kind((name) => tagNameKey('u', name).SK),
      gcalTokens: single(gcalTokensKey('u').SK),
      gcalSync: single(gcalSyncStateKey('u').SK),
      gcalEvent: kind(syncedRowKey),
      gcalMirror: kind((at) => mirrorLogKey('u', at, 'e').SK),
      gcalPending: kind((id) => pendingMirrorKey('u', id).SK),
      gcalWatch: single(watchChannelKey('u').SK),
      toolCall: kind((id) => toolCallKey('u', id).SK),
      voiceSession: kind((id) => voiceSessionKey('u', id).SK),
      mcpConversation: kind((id) => mcpConversationKey('u', id).SK),
      connection: kind((id) => connectionKey('u', id).SK),
      dataExport: single(dataExportKey('u').SK),
      dataExportPart: kind((id) => dataExportPartKey('u', id, 0).SK),
    });
    for (const itemKind of ITEM_KINDS) expect(itemKey(itemKind, 'x').startsWith(itemKeyPrefix(itemKind))).toBe(true);
  });

  it('keep every partition apart: a user’s and the records outside any user', () => {
    expectApart({
      user: kind(userKey),
      purge: single(PURGE_CHECKPOINT_KEY.PK),
      idempotency: kind(idempotencyPartition),
      idempotentRequest: kind((userId) => idempotentRequestKey(userId, 'key').PK),
      oauthState: { key: oauthStateKey('nonce').PK, prefix: 'GCALSTATE#' },
      socketTicket: { key: socketTicketKey('ticket').PK, prefix: 'SOCKETTICKET#' },
      quota: kind((key) => quotaKey(key, 0).PK),
      signIn: kind((account) => signInThrottleKey(account).PK),
      verified: kind((email) => verifiedLinkKey(email).PK),
      reset: kind((email) => resetCodeKey(email).PK),
      waitlist: kind((email) => waitlistKey(email).PK),
      bugReport: kind((id) => bugReportKey(id).PK),
      demoExpiry: kind(demoExpiryPartition),
      pendingMirrors: { key: pendingMirrorPartition(0), prefix: 'GCALPENDING#' },
      watchRenewals: { key: watchRenewalPartition(0), prefix: 'GCALWATCH#' },
    });
  });

  it('give each of a user’s lists a partition of its own in the indexes', () => {
    const partitions = [...ITEM_KINDS.map((itemKind) => listKey('u', itemKind)), toolCallListKey('u'), trashKey('u')];
    expect(new Set(partitions).size).toBe(partitions.length);
    expect(expiryKeys('2026-11-25T10:00:00.000Z').XPK).toBe(expiryPartition('2026-12-05'));
  });

  it('name the user of a partition back, and file a demo account under the day it expires', () => {
    expect(userIdOfKey(userKey('0b7c'))).toBe('0b7c');
    expect(demoRegisterKey('2026-11-26T10:00:00.000Z', 'sub')).toEqual({ PK: demoExpiryPartition('2026-11-26'), SK: '2026-11-26T10:00:00.000Z#sub' });
  });
});
