import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Goals and tasks keep a saved order as fractional positions: a new item goes on top, and a
 * reorder rewrites only the items that moved (those outside the longest run already in order).
 */
export function positionOnTop(firstPosition: string | null): string {
  return generateKeyBetween(null, firstPosition);
}

/**
 * Given the list in its new order with current positions, returns new positions for the items that
 * must move, keeping every item of a longest increasing run of positions where it is.
 */
export function repositionMoved(ordered: ReadonlyArray<{ id: string; position: string }>): Map<string, string> {
  const keep = longestIncreasingRun(ordered.map((item) => item.position));
  const moved = new Map<string, string>();
  let index = 0;
  while (index < ordered.length) {
    if (keep.has(index)) {
      index += 1;
      continue;
    }
    const runStart = index;
    while (index < ordered.length && !keep.has(index)) index += 1;
    const before = runStart > 0 ? (moved.get(ordered[runStart - 1]!.id) ?? ordered[runStart - 1]!.position) : null;
    const after = index < ordered.length ? ordered[index]!.position : null;
    const keys = generateNKeysBetween(before, after, index - runStart);
    keys.forEach((key, offset) => moved.set(ordered[runStart + offset]!.id, key));
  }
  return moved;
}

/** Indexes of one longest strictly increasing subsequence (patience sorting, O(n log n)). */
function longestIncreasingRun(values: readonly string[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at]!) kept.add(at);
  return kept;
}
