/**
 * The feeds this container built last, by person, so that a subscriber asking again without an ETag
 * (or a second calendar app) gets the same bytes without their items being read again. Bounded by
 * count and by bytes, the least recently used dropped first; an entry is served only under the ETag
 * the person's feed record says is current (the ETag is the body's hash).
 */
export class BuiltFeeds {
  private readonly feeds = new Map<string, { etag: string; body: string }>();
  private bytes = 0;

  constructor(private readonly limits: { feeds: number; bytes: number }) {}

  /** The body built for `userId` under `etag`, if this container still has it. */
  get(userId: string, etag: string): string | undefined {
    const kept = this.feeds.get(userId);
    if (kept?.etag !== etag) return undefined;
    // Used again: now the most recent.
    this.feeds.delete(userId);
    this.feeds.set(userId, kept);
    return kept.body;
  }

  set(userId: string, etag: string, body: string): void {
    this.drop(userId);
    const size = Buffer.byteLength(body);
    if (size > this.limits.bytes) return;
    this.feeds.set(userId, { etag, body });
    this.bytes += size;
    for (const oldest of this.feeds.keys()) {
      if (this.feeds.size <= this.limits.feeds && this.bytes <= this.limits.bytes) break;
      this.drop(oldest);
    }
  }

  private drop(userId: string): void {
    const kept = this.feeds.get(userId);
    if (!kept) return;
    this.bytes -= Buffer.byteLength(kept.body);
    this.feeds.delete(userId);
  }
}
