/**
 * The idempotency key of one purchase attempt, shared by every tab of this browser: a double
 * click, a retry after a lost answer, or the same button in a second tab sends the same key, and
 * the server makes one order of it. It is forgotten once the attempt has a final answer, so the
 * next purchase is a new one. Storage may be unavailable (private modes): the key then lives in memory.
 */
const memory = new Map<string, string>();
const storageKey = (scope: string) => `imp-checkout:attempt:${scope}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function attemptKey(scope: string): string {
  const stored = storage()?.getItem(storageKey(scope)) ?? memory.get(scope);
  if (stored) return stored;
  const key = crypto.randomUUID();
  memory.set(scope, key);
  storage()?.setItem(storageKey(scope), key);
  return key;
}

export function finishAttempt(scope: string): void {
  memory.delete(scope);
  storage()?.removeItem(storageKey(scope));
}

/** The key of an attempt still open in this browser, without starting one. */
export function peekAttempt(scope: string): string | undefined {
  return storage()?.getItem(storageKey(scope)) ?? memory.get(scope);
}
