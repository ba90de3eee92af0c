import { setClock } from '../../functions/platform/clock';

/**
 * A clock for the functions that runs with the system's but jumps instead of waiting: a sleep, or
 * `advance`, moves it forward at once. Put back with `restore`.
 */
export function useVirtualClock() {
  let offsetMs = 0;
  let held: Promise<void> | null = null;
  let waitingOnHold = 0;
  const restore = setClock({
    now: () => Date.now() + offsetMs,
    sleep: async (ms) => {
      if (held) {
        waitingOnHold += 1;
        await held;
        waitingOnHold -= 1;
      }
      offsetMs += Math.max(0, ms);
    },
  });
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms: number) => {
      offsetMs += ms;
    },
    /** Every sleep from now on waits until the returned function is called (a wait that must outlast what a test does meanwhile). */
    holdSleeps: (): (() => void) => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    /** How many sleeps wait on holdSleeps now: a function has reached its wait. */
    sleepsHeld: () => waitingOnHold,
    restore,
  };
}
