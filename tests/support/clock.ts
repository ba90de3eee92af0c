import { setClock } from '../../functions/platform/clock';

/**
 * A clock for the functions that runs with the system's but jumps instead of waiting: a sleep, or
 * `advance`, moves it forward at once. Put back with `restore`.
 */
export function useVirtualClock() {
  let offsetMs = 0;
  const restore = setClock({
    now: () => Date.now() + offsetMs,
    sleep: async (ms) => {
      offsetMs += Math.max(0, ms);
    },
  });
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms: number) => {
      offsetMs += ms;
    },
    restore,
  };
}
