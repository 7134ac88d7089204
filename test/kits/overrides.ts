// The test side of the one test seam (lib/overrides.ts): puts stand-ins for the app's outside
// connections where their owners read them. `iamport`: lib/iamport's client; `database`:
// lib/db/connection's handle; `mailTransport`: lib/mail/transport's transport.
import type { TestOverrides } from '@/lib/overrides';

const registry = Symbol.for('imp-checkout.test-overrides');
const holder = globalThis as { [registry]?: Partial<TestOverrides> };

export function setOverride<K extends keyof TestOverrides>(name: K, value: TestOverrides[K]): void {
  holder[registry] = { ...holder[registry], [name]: value };
}

export function clearOverride(name: keyof TestOverrides): void {
  const { [name]: _cleared, ...rest } = holder[registry] ?? {};
  holder[registry] = rest;
}

/** `value` in for `name` while `work` runs, then what was there before. */
export async function withOverride<K extends keyof TestOverrides, T>(
  name: K,
  value: TestOverrides[K],
  work: () => Promise<T>,
): Promise<T> {
  const before = holder[registry]?.[name];
  setOverride(name, value);
  try {
    return await work();
  } finally {
    if (before === undefined) clearOverride(name);
    else setOverride(name, before);
  }
}
