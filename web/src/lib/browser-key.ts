const BROWSER_KEY = 'tempo.browser';

/**
 * A random id this browser keeps: the sign-in throttle and the reset codes' limits count a
 * requester by it, so that a stranger's requests elsewhere never make this browser wait.
 */
export function browserKey(): string {
  let key = localStorage.getItem(BROWSER_KEY);
  if (!key) {
    key = crypto.randomUUID();
    localStorage.setItem(BROWSER_KEY, key);
  }
  return key;
}
