import 'server-only';
import { and, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { getDb, priceChangeRequests, subscriptions } from '@/lib/db';
import type { ConsentWait } from '@/lib/ops/client/subscriptions';
import { changeDateOf, inTrial, type Subscription, UNFINISHED_STATUSES } from '@/lib/subscriptions';

// What the console shows of consents a subscription waits for (issue 33.7): a free trial nobody has
// answered (it ends, uncharged, at the trial's end), a higher price not agreed to (it ends when the
// new price would apply) — so an operator sees who will be lost for want of a yes, and when.

const DAY = 86_400;
const WINDOW = 30 * DAY;

type Db = Awaited<ReturnType<typeof getDb>>;

/** The filter: subscriptions waiting for that kind of consent. */
export function awaitingConsent(db: Db, kind: ConsentWait['kind']): SQL | undefined {
  if (kind === 'trial') {
    return and(
      eq(subscriptions.status, 'active'),
      isNull(subscriptions.trialDecision),
      sql`${subscriptions.trialEndsAt} is not null and ${subscriptions.currentPeriodEnd} = ${subscriptions.trialEndsAt}`,
    );
  }
  return and(
    inArray(subscriptions.status, [...UNFINISHED_STATUSES]),
    exists(
      db
        .select({ id: priceChangeRequests.id })
        .from(priceChangeRequests)
        .where(
          and(eq(priceChangeRequests.subscriptionId, subscriptions.id), eq(priceChangeRequests.status, 'requested')),
        ),
    ),
  );
}

/** The consent each of `list` waits for, if any (a trial first: it ends sooner). */
export async function consentWaitsOf(list: Subscription[]): Promise<Map<string, ConsentWait>> {
  const waits = new Map<string, ConsentWait>();
  const live = list.filter((s) => (UNFINISHED_STATUSES as readonly string[]).includes(s.status));
  for (const s of live) {
    if (s.status === 'active' && inTrial(s) && s.trialDecision === null && s.trialEndsAt !== null) {
      waits.set(s.id, { kind: 'trial', asksFrom: s.trialEndsAt - WINDOW, endsAt: s.trialEndsAt });
    }
  }
  const ids = live.filter((s) => !waits.has(s.id)).map((s) => s.id);
  if (ids.length === 0) return waits;
  const db = await getDb();
  const requests = await db
    .select()
    .from(priceChangeRequests)
    .where(and(inArray(priceChangeRequests.subscriptionId, ids), eq(priceChangeRequests.status, 'requested')));
  for (const request of requests) {
    const s = live.find((candidate) => candidate.id === request.subscriptionId);
    if (!s) continue;
    const changesAt = changeDateOf(s, request.effectiveFrom);
    waits.set(s.id, {
      kind: 'price',
      asksFrom: changesAt - WINDOW,
      endsAt: request.withheld && s.currentPeriodEnd !== null ? s.currentPeriodEnd : changesAt,
      newAmount: request.newAmount,
    });
  }
  return waits;
}
