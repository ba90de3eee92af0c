import { useCallback, useEffect, useState } from 'react';
import { AUTH_THROTTLE } from '../../../../../shared/constants';

/**
 * The browser's side of the sign-in throttle: after AUTH_THROTTLE.attempts failed attempts within
 * its window the form waits AUTH_THROTTLE.cooldownMs. The server enforces the same limit; this side
 * spares a refused round trip and shows the countdown. Kept per tab, across the sign-in pages.
 */
let failures: number[] = [];
let cooldownUntil = 0;

export function useSignInCooldown() {
  const [now, setNow] = useState(() => Date.now());
  const remainingMs = Math.max(0, cooldownUntil - now);

  useEffect(() => {
    if (remainingMs === 0) return;
    // Wake when the shown whole second changes.
    const timer = window.setTimeout(() => setNow(Date.now()), remainingMs % 1000 || 1000);
    return () => window.clearTimeout(timer);
  }, [remainingMs]);

  /** Counts a failed attempt; answers whether the cooldown starts with it. */
  const recordFailure = useCallback((): boolean => {
    const at = Date.now();
    failures = [...failures.filter((time) => at - time < AUTH_THROTTLE.windowMs), at];
    const limitReached = failures.length >= AUTH_THROTTLE.attempts;
    if (limitReached) startCooldown(at);
    setNow(at);
    return limitReached;
  }, []);

  /** The server refused: wait as long as it says. */
  const recordRefusal = useCallback((waitMs: number) => {
    const at = Date.now();
    startCooldown(at, waitMs);
    setNow(at);
  }, []);

  const recordSuccess = useCallback(() => {
    failures = [];
    cooldownUntil = 0;
  }, []);

  return { secondsLeft: Math.ceil(remainingMs / 1000), recordFailure, recordRefusal, recordSuccess };
}

function startCooldown(at: number, waitMs: number = AUTH_THROTTLE.cooldownMs) {
  cooldownUntil = at + waitMs;
  failures = [];
}
