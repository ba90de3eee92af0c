/**
 * When each demo account made in this browser ends (POST /api/demo answers it, shared/demo.ts), by
 * its address, so the frame can say so in place of the generated address. In localStorage, where
 * every tab signed in to it reads it; an entry is dropped once its demo has ended.
 */
const KEY_PREFIX = 'tempo.demoEnds.';

export function rememberDemoEnd(email: string, endsAt: string, now = Date.now()): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(KEY_PREFIX) && !(Date.parse(localStorage.getItem(key) ?? '') > now)) localStorage.removeItem(key);
    }
    localStorage.setItem(`${KEY_PREFIX}${email.toLowerCase()}`, endsAt);
  } catch {
    // Storage switched off: the frame says "Demo account" without its end.
  }
}

/** The end of the demo account `email`, when this browser made it; null otherwise. */
export function demoEnd(email: string): string | null {
  try {
    return localStorage.getItem(`${KEY_PREFIX}${email.toLowerCase()}`);
  } catch {
    return null;
  }
}
