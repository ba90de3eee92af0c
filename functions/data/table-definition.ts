/**
 * The one DynamoDB table: its keys and indexes. The CDK builds the table from this and the local
 * stack creates it from this, so the two cannot drift. Access patterns: docs/data-model.md.
 */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds after which DynamoDB may drop the item (reset codes, throttle windows). */
  timeToLiveAttribute: 'ttl',
  indexes: {
    /** Live items of one kind in display order: goals and tasks by saved position, events by start, tags by name. */
    byList: { partitionKey: 'LPK', sortKey: 'LSK', projection: { type: 'ALL' } },
    /** A user's trash, newest deletion first. Sparse: only trashed items carry TPK. */
    byTrash: { partitionKey: 'TPK', sortKey: 'TSK', projection: { type: 'INCLUDE', attributes: ['id', 'title', 'deleted_at'] } },
    /** Trashed items by the day they expire, for the purge. Sparse: only trashed items carry XPK. */
    byExpiry: { partitionKey: 'XPK', sortKey: 'XSK', projection: { type: 'KEYS_ONLY' } },
  },
} as const;

export type IndexName = keyof typeof TABLE.indexes;
export type IndexProjection = { type: 'ALL' | 'KEYS_ONLY' } | { type: 'INCLUDE'; attributes: readonly string[] };

/** The attributes named in key schemas, each a string. */
export function keyAttributes(): string[] {
  const names: string[] = [TABLE.partitionKey, TABLE.sortKey];
  for (const index of Object.values(TABLE.indexes)) names.push(index.partitionKey, index.sortKey);
  return names;
}
