/**
 * A cache keyed by what a request may name (a time zone, in any of its spellings): at most `size`
 * entries, emptied when full. The few keys in real use come straight back; a flood of distinct
 * keys costs no more memory than `size` entries. (Read as `cache.get(key) ?? cache.set(key, made)`.)
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps a value and answers it. */
  set(key: K, value: V): V {
    if (this.entries.size >= this.size) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
