/**
 * Makes `read` one at a time: asked while one is under way (a burst of change notices, the
 * assistant's calls finishing one after another), it makes one more after that one, which every
 * ask meanwhile shares. So each ask is answered by a read begun after it, and a burst costs two
 * reads, not one each. A failed read is its askers' to handle; the next goes ahead all the same.
 */
export function oneReadAtATime<T>(read: () => Promise<T>): () => Promise<T> {
  let underWay: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const started = read();
    underWay = started;
    const done = () => void (underWay === started && (underWay = null));
    started.then(done, done);
    return started;
  };
  return () => {
    if (!underWay) return start();
    const settled = underWay.then(
      () => undefined,
      () => undefined,
    );
    return (next ??= settled.then(() => {
      next = null;
      return start();
    }));
  };
}
