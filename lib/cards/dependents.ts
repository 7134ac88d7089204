import 'server-only';

// A port: features above cards that charge a saved card later (subscriptions) register here what they
// know of a card, so lib/cards never imports them. lib/wiring.ts registers them when a process starts.

/** Why a card must not be removed yet: a Korean reason to show, or undefined when it is not needed. */
export type CardDependencyCheck = (card: { id: string; userId: string }) => Promise<string | undefined>;
/** The plan each of a user's cards will be charged for again, by card id (the cards list's badge). */
export type CardPlans = (userId: string) => Promise<Map<string, string>>;

interface CardUses {
  checks: CardDependencyCheck[];
  plans: CardPlans[];
}

// On globalThis: Next compiles instrumentation, pages and routes into bundles with a copy each of
// this module, and the registration made at start must reach them all.
const KEY = Symbol.for('imp-checkout.card-uses');
const holder = globalThis as { [KEY]?: CardUses };
holder[KEY] ??= { checks: [], plans: [] };
const uses: CardUses = holder[KEY];

/** The registered checks (a test may stand one in). */
export const cardDependencies = uses.checks;

/** A feature that charges saved cards registers what it knows; registering twice changes nothing. */
export function registerCardUse(check: CardDependencyCheck, plans: CardPlans): void {
  if (!uses.checks.includes(check)) uses.checks.push(check);
  if (!uses.plans.includes(plans)) uses.plans.push(plans);
}

export async function whyCardIsNeeded(card: { id: string; userId: string }): Promise<string | undefined> {
  for (const check of uses.checks) {
    const reason = await check(card);
    if (reason) return reason;
  }
  return undefined;
}

export async function plansByCard(userId: string): Promise<Map<string, string>> {
  const maps = await Promise.all(uses.plans.map((plans) => plans(userId)));
  return new Map(maps.flatMap((map) => [...map]));
}
