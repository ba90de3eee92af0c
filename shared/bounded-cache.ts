/**
 * A cache keyed by what a request may name (a time zone, in any of its spellings): at most `size`
 * entries, emptied when full. The few keys in real use come straight back; a flood of distinct
 * keys costs no more memory than `size` entries.
 */
export function boundedCache<K, V>(size: number): (key: K, make: () => V) => V {
  const entries = new Map<K, V>();
  return (key, make) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = make();
      if (entries.size >= size) entries.clear();
      entries.set(key, value);
    }
    return value;
  };
}
