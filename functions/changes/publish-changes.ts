import { EVENT_CATALOGUE, type DetailType } from '../../events/catalogue';
import { ENTITY_OF_KIND } from '../../shared/item-kinds';
import { KIND_OF_PREFIX, USER_SK, userIdOfKey } from '../data/keys';
import { toPublic, withoutKeys, type StoredItem } from '../items/stored-item';
import { publishAll, type DomainEvent } from '../platform/bus';
import { reportError } from '../platform/error-reporting';
import { log } from '../platform/log';
import { streamConsumer, type TableChange } from '../platform/stream';
import { withoutKeys as settingsOfRow } from '../settings/stored-settings';

type ItemDetailType = Extract<DetailType, `item.${string}`>;

/**
 * The item.* event of a change to a goal, task, event or tag, read off the item before and after
 * it: made, moved to the trash (a tag: deleted), back from it, deleted for good, or otherwise
 * changed. Null for any other record.
 */
export function itemEventOf(change: TableChange): DomainEvent<ItemDetailType> | null {
  const kind = KIND_OF_PREFIX[change.SK.split('#')[0]!];
  if (!kind) return null;
  const before = change.before && withoutKeys(change.before);
  const after = change.after && withoutKeys(change.after);
  const trashed = (item: StoredItem | undefined) => Boolean(item && 'deleted_at' in item && item.deleted_at);
  const detailType: ItemDetailType = !before
    ? 'item.created'
    : !after
      ? kind === 'tags'
        ? 'item.deleted'
        : 'item.purged'
      : !trashed(before) && trashed(after)
        ? 'item.deleted'
        : trashed(before) && !trashed(after)
          ? 'item.restored'
          : 'item.updated';
  return {
    detailType,
    detail: {
      userId: userIdOfKey(change.PK),
      entity: ENTITY_OF_KIND[kind],
      id: (after ?? before)!.id,
      item: after ? toPublic(after) : null,
      previous: before ? toPublic(before) : null,
      // The write's own time where it stamped one; a new place in a list, or a purge, has the stream's.
      occurredAt: after && after.updated_at !== before?.updated_at ? after.updated_at : change.at,
      changeId: change.changeId,
    },
  };
}

/** settings.created or settings.updated for a change to a user's settings row; null for any other record, or a row deleted with its account. */
export function settingsEventOf(change: TableChange): DomainEvent<'settings.created' | 'settings.updated'> | null {
  if (change.SK !== USER_SK.settings || !change.after) return null;
  const settings = settingsOfRow(change.after);
  return {
    detailType: change.before ? 'settings.updated' : 'settings.created',
    detail: { userId: userIdOfKey(change.PK), settings, occurredAt: typeof settings.updated_at === 'string' ? settings.updated_at : change.at },
  };
}

/**
 * Puts every saved change to a user's items and settings on the bus, from the table's stream: an
 * event exists if and only if its change was saved, and a bus that refuses one (or is down) has
 * its record retried, then kept in the on-failure queue, never dropped. An item change put on the
 * bus twice carries the same changeId, which the consumers handle once (functions/platform/consumer.ts).
 */
export const handler = streamConsumer('changes/publish-changes', async (changes) => {
  const events = changes.flatMap((change) => {
    const event = itemEventOf(change) ?? settingsEventOf(change);
    if (!event) return [];
    // A record that is no valid item or settings row (written outside the app) cannot become an
    // event, and trying again would not mend it: it is logged and passed over, holding no one up.
    if (!EVENT_CATALOGUE[event.detailType].safeParse(event.detail).success) {
      log.error('a changed record is no valid item or settings row', { changeId: change.changeId, key: change.SK.split('#')[0] });
      return [];
    }
    return [{ change, event: event as DomainEvent }];
  });
  let failure: unknown;
  const taken = await publishAll(events.map(({ event }) => event)).catch((error: unknown) => {
    log.error('changes not put on the bus', { error });
    failure = error;
    return events.map(() => false);
  });
  const refused = taken.filter((wasTaken) => !wasTaken).length;
  if (refused > 0) await reportError(failure ?? new Error(`The bus refused ${refused} of ${events.length} changes; their records are retried`));
  return events.filter((_, index) => !taken[index]).map(({ change }) => change.record);
});
