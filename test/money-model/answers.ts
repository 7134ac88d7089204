// What the app answered during a run, when it said money moved: a refund of some amount (cancel
// now, an operator's refund, an order's cancel, a return's approval, 회원탈퇴) or a charge made
// (buy now, subscribe). I10 (overlap-invariants.ts) judges each against the emulator's own record
// at the end: an answer of success names money the service moved — and no two answers of two
// decisions name the same movement.
import type { CancelResult } from '@/lib/orders/cancel-order';
import type { World } from './world';

export type Answer = { label: string; amount: number } & (
  | { kind: 'cancel_now'; subscriptionId: string }
  | { kind: 'operator_refund' | 'order_cancel' | 'order_return'; merchantUid: string }
  /** A charge answered paid: `merchantUid` is the order's, or the subscription's first charge's (looked up at the end). */
  | { kind: 'order_paid'; merchantUid: string }
  | { kind: 'subscribed'; subscriptionId: string }
  | { kind: 'withdrawn'; userId: string }
);

/** Keeps an answer of success (HTTP 2xx) for the end of the run; answers anything. */
export async function noteAnswer(
  world: World,
  label: string,
  response: Response | undefined,
  read: (body: Record<string, unknown>) => Omit<Answer, 'label'> | undefined,
): Promise<void> {
  if (!response?.ok) return;
  const body = (await response.clone().json()) as Record<string, unknown>;
  const answer = read(body);
  if (answer) world.answers.push({ label, ...answer } as Answer);
}

/** The cancel-now routes (customer): `{ refunded }`. */
export const cancelNowAnswer = (subscriptionId: string) => (body: Record<string, unknown>) => ({
  kind: 'cancel_now' as const,
  subscriptionId,
  amount: Number(body.refunded),
});

/** An order's cancel (customer route): `{ result: { refund, amount } }`, made only. */
export const orderCancelAnswer = (merchantUid: string) => (body: Record<string, unknown>) => {
  const result = body.result as CancelResult | undefined;
  return result?.refund === 'made' ? { kind: 'order_cancel' as const, merchantUid, amount: result.amount } : undefined;
};

/** Buy now: `{ order }`, paid only. */
export const buyNowAnswer = (body: Record<string, unknown>) => {
  const order = body.order as { merchantUid: string; status: string; amount: number } | undefined;
  return order?.status === 'paid'
    ? { kind: 'order_paid' as const, merchantUid: order.merchantUid, amount: order.amount }
    : undefined;
};

/** Subscribe: `{ subscriptionId, result: { status, trialEndsAt? } }`, charged and active only (a trial charges nothing). */
export const subscribeAnswer = (body: Record<string, unknown>) => {
  const result = body.result as { status?: string; trialEndsAt?: number } | undefined;
  if (result?.status !== 'active' || result.trialEndsAt !== undefined) return undefined;
  return { kind: 'subscribed' as const, subscriptionId: String(body.subscriptionId), amount: 0 };
};
