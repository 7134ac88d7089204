// Consent commands of the model-based money test (issue 33): a free trial's ask answered (유료 전환에
// 동의 / 체험만 하고 종료), a plan's price announced up or down from 30 days on (as an operator does),
// and a price rise answered yes or no — each possibly before its 30-day window, where a yes is refused.
// The invariant they are checked by is in consent-invariant.ts.
import fc from 'fast-check';
import { POST as answerRoute } from '@/app/api/subscriptions/price-changes/[id]/route';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { ProviderError } from '@/lib/provider';
import { amountAt, findPlan, pendingPriceChanges, setPlanPrice } from '@/lib/subscriptions';
import { TEST_CARDS, type TestCard } from '@/test/emulator/kit';
import { pageRequest } from '@/test/factories';
import { keyIn } from '@/test/kits/cards';
import { actor, command, index, pick } from './command';

const DAY = 86_400;

/** A live trial of the actor's (picked among them) answered as its page does. */
const decideTrial = fc
  .tuple(actor, index, fc.constantFrom<'convert' | 'end'>('convert', 'convert', 'end'))
  .map(([a, k, decision]) =>
    command(
      `trial: ${decision === 'convert' ? '유료 전환에 동의' : '체험만 하고 종료'} #${k} (actor ${a})`,
      async (w) => {
        const subscriber = w.actors[a]?.subscriber;
        const trials = ((await subscriber?.list()) ?? []).filter((s) => s.trial);
        const target = pick(trials, k);
        if (!subscriber || !target) return;
        const response = await subscriber.decideTrial(target.id, decision);
        // Agreeing after a cancel is a resume; saying no is a cancellation nothing may be charged after (I3).
        if (response.ok && decision === 'convert') w.cancelledAt.delete(target.id);
        if (response.ok && decision === 'end' && !w.cancelledAt.has(target.id))
          w.cancelledAt.set(target.id, await w.emulator.now());
        return response;
      },
    ),
  );

/** An operator announces a plan's new price from 30 days (and an hour) on: up, or down. */
const announcePrice = fc
  .tuple(fc.constantFrom('hourly-demo', 'monthly-beans', 'tasting-club'), fc.constantFrom(500, 1_000, -200))
  .map(([planId, delta]) =>
    command(`price of ${planId}: ${delta > 0 ? '+' : ''}${delta}원 from 30 days on`, async (w) => {
      const plan = findPlan(planId);
      if (!plan) return;
      const from = (await w.emulator.now()) + 30 * DAY + 3_600;
      try {
        await setPlanPrice(planId, (await amountAt(plan, from)) + delta, from);
      } catch (error) {
        // The service out of reach: the operator sees the refusal (the gate still asks at booking).
        if (!(error instanceof AppError || error instanceof IamportError || error instanceof ProviderError))
          throw error;
        if (error instanceof AppError && error.status >= 500 && error.status !== 503) throw error;
      }
    }),
  );

/** A price rise of the actor's (picked among those waiting) answered through its page's route. */
const answerPrice = fc
  .tuple(actor, index, fc.constantFrom<'accept' | 'decline'>('accept', 'accept', 'decline'))
  .map(([a, k, decision]) =>
    command(`price rise #${k}: ${decision} (actor ${a})`, async (w) => {
      const customer = w.actors[a]?.customer;
      if (!customer) return;
      const target = pick(await pendingPriceChanges(customer.user.id), k);
      if (!target) return;
      const body = decision === 'accept' ? { consent: { agreed: true } } : { decision };
      return answerRoute(
        pageRequest(`/api/subscriptions/price-changes/${target.id}`, { method: 'POST', body, cookie: customer.cookie }),
        { params: Promise.resolve({ id: target.id }) },
      );
    }),
  );

/** The trial plan (14 days free, once per person), with a card keyed in first when the actor has none. */
const subscribeTrial = fc
  .tuple(actor, fc.constantFrom<TestCard>('approved', 'approved', 'insufficientBalance'))
  .map(([a, card]) =>
    command(`subscribe tasting-club, keying in ${card} if no card (actor ${a})`, async (w) => {
      const actor = w.actors[a];
      if (!actor) return;
      if (((await actor.customer.cards()) ?? []).length === 0) await actor.customer.keyIn(keyIn(TEST_CARDS[card]));
      return actor.subscriber.subscribeRaw({ planId: 'tasting-club', idempotencyKey: crypto.randomUUID() });
    }),
  );

/** The clock moved to just past the next moment a consent decides: a trial's end, or a price window's opening. */
const advanceToConsentEdge = fc.constantFrom('trial end', 'price window').map((edge) =>
  command(`advance the clock past the next ${edge}`, async (w) => {
    const now = await w.emulator.now();
    const moments: number[] = [];
    for (const { customer, subscriber } of w.actors) {
      if (edge === 'trial end') {
        for (const s of (await subscriber.list()) ?? []) if (s.trial) moments.push(s.trial.endsAt);
      } else {
        for (const change of await pendingPriceChanges(customer.user.id)) moments.push(change.asksFrom);
      }
    }
    const next = Math.min(...moments.filter((at) => at > now));
    if (Number.isFinite(next)) await w.emulator.advanceClock(next + 60 - now);
  }),
);

export const consentCommands = [
  subscribeTrial,
  decideTrial,
  decideTrial,
  announcePrice,
  answerPrice,
  answerPrice,
  advanceToConsentEdge,
  advanceToConsentEdge,
];
