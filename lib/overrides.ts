// The one test seam. Tests put stand-ins for the app's outside connections (the payment service
// client, the database, the mail transport) in a registry on globalThis; the module owning each
// connection reads its slot here. Nothing in production writes the registry (only
// test/kits/overrides.ts does), so outside tests every slot is empty. Each owner declares its
// slot's type by augmenting TestOverrides, so this file imports nothing and sits below them all.

/** The slots, one per owner: `declare module '@/lib/overrides' { interface TestOverrides { … } }`. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by its owners' module augmentations
export interface TestOverrides {}

// Symbol.for: the same key however many copies of this module a test run loads.
const registry = Symbol.for('imp-checkout.test-overrides');

/** The stand-in a test put in for `name`, if any. */
export function testOverride<K extends keyof TestOverrides>(name: K): TestOverrides[K] | undefined {
  return (globalThis as { [registry]?: Partial<TestOverrides> })[registry]?.[name];
}
