/**
 * The time every function reads and waits on: one place, so a test moves it (`setClock`) instead
 * of waiting for it. Lambda and the local stack use the system clock.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

let clock = systemClock;

export const nowMs = (): number => clock.now();

export const now = (): Date => new Date(clock.now());

export const sleep = (ms: number): Promise<void> => clock.sleep(ms);

/** Replaces the clock until the returned function puts the system clock back. */
export function setClock(replacement: Clock): () => void {
  clock = replacement;
  return () => {
    clock = systemClock;
  };
}
