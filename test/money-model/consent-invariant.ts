// I12 (issue 33, 전자상거래법 시행령 §20조의2): nothing is charged for a free trial's conversion, or at a
// raised price, without the customer's consent given inside the 30 days before the change — their
// last answer before the charge a yes, given in the window. Checked against the service's own record:
// every booking the service executed and was paid (a charge this app booked; payments others made
// under our numbers are I1's), in the order the service ran them.
import { inArray } from 'drizzle-orm';
import { consents, priceChangeRequests, subscriptionCharges } from '@/lib/db/schema';
import { servicePayments, serviceSchedules } from './service-records';
import type { World } from './world';

const WINDOW = 30 * 86_400;

export async function consentViolations(world: World): Promise<string[]> {
  const db = world.app.db();
  const [schedules, payments] = await Promise.all([serviceSchedules(world), servicePayments(world)]);
  const moneyMoved = new Set(payments.filter((p) => p.paid_at > 0).map((p) => p.imp_uid));
  const ran = schedules
    .filter((s) => s.schedule_status === 'executed' && s.imp_uid !== null && moneyMoved.has(s.imp_uid))
    .sort((a, b) => a.executed_at - b.executed_at);
  if (ran.length === 0) return [];
  const charges = await db
    .select()
    .from(subscriptionCharges)
    .where(
      inArray(
        subscriptionCharges.merchantUid,
        ran.map((s) => s.merchant_uid),
      ),
    );
  const subs = await db.query.subscriptions.findMany();
  const requests = await db.select().from(priceChangeRequests);
  const answers = (await db.select().from(consents)).sort(
    (a, b) => a.givenAt - b.givenAt || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  /** The last answer of a kind about one of `subjects` given by `at`. */
  const lastAnswer = (kind: 'trial_conversion' | 'price_change', subjects: string[], at: number) =>
    answers.filter((c) => c.kind === kind && subjects.includes(c.subjectId ?? '') && c.givenAt <= at).at(-1);

  const found: string[] = [];
  const lastPaid = new Map<string, number>();
  const baseline = new Map<string, number>();
  for (const s of ran) {
    const charge = charges.find((c) => c.merchantUid === s.merchant_uid);
    const sub = subs.find((x) => x.id === charge?.subscriptionId);
    if (!charge || !sub) continue;
    const at = s.executed_at;
    const previous = lastPaid.get(sub.id);
    lastPaid.set(sub.id, s.amount);
    // The trial's conversion: the first money a trial subscription ever moved.
    if (sub.trialEndsAt !== null && previous === undefined) {
      const answer = lastAnswer('trial_conversion', [sub.id], at);
      if (!answer?.agreed || answer.givenAt < sub.trialEndsAt - WINDOW) {
        found.push(
          `I12 ${s.merchant_uid}: trial ${sub.id} charged ${s.amount} at ${at} with ${answer ? `${answer.agreed ? 'a yes' : 'a no'} given at ${answer.givenAt}` : 'no answer'} (trial ends ${sub.trialEndsAt})`,
        );
      }
    }
    // A rise: more than what the customer agreed to — the price at the start, or a fall charged since.
    // Every charge above it needs their last answer to that price a yes (a no, or a yes taken back,
    // holds for every later period, whatever comes after it: a resume, a retry); the first charge at
    // it, a yes given inside its window.
    const agreedAtStart = answers.find((c) => c.kind === 'subscription' && c.subjectId === sub.id)?.amount ?? undefined;
    const agreed = previous !== undefined && s.amount < previous ? s.amount : (baseline.get(sub.id) ?? agreedAtStart);
    baseline.set(sub.id, agreed ?? s.amount);
    if (agreed === undefined || s.amount <= agreed) continue;
    const before = previous ?? agreed;
    const changeAt = charge.periodStart ?? s.schedule_at;
    const asked = requests.filter((r) => r.subscriptionId === sub.id && r.newAmount === s.amount).map((r) => r.id);
    const answer = lastAnswer('price_change', asked, at);
    if (!answer?.agreed || (s.amount > before && answer.givenAt < changeAt - WINDOW)) {
      found.push(
        `I12 ${s.merchant_uid}: ${sub.planId} charged ${s.amount} after ${before} (agreed ${agreed}) at ${at} with ${answer ? `${answer.agreed ? 'a yes' : 'a no'} given at ${answer.givenAt}` : 'no answer'} (its period starts ${changeAt})`,
      );
    }
  }
  return found;
}
