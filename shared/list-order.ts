/** What places a live item in its list: a saved position (goals and tasks), a start (events) or a name (tags). */
type Listed = { id: string; position?: string } | { id: string; start_time: string } | { id: string; name: string };

/**
 * Where a live item sits in its list, the sort key of the table's list index: goals and tasks by
 * saved position (a new one goes on top), events by start, tags by name whatever its case; the id
 * breaks ties.
 */
export function listSortKey(item: Listed): string {
  if ('start_time' in item) return `${new Date(item.start_time).toISOString()}#${item.id}`;
  if ('name' in item) return `${item.name.toLowerCase()}#${item.id}`;
  return `${item.position}#${item.id}`;
}

/**
 * Two items in list order: their keys compared by UTF-16 code unit, not by language, as the index
 * compares them (by UTF-8 byte; the two differ only between characters beyond U+FFFF and U+E000–U+FFFF).
 */
export function inListOrder(a: Listed, b: Listed): number {
  const [first, second] = [listSortKey(a), listSortKey(b)];
  return first < second ? -1 : first > second ? 1 : 0;
}

/** Items in the order of `ids` (a list's order as a person arranged it); any not named go last, as they were. */
export function inIdOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const last = ids.length;
  return [...items].sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last));
}
