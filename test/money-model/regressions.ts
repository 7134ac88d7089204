// Fixed sequences the model keeps running (issue 31): the failures found by hand or by the soak,
// written out as commands so that they outlive changes to the generators (a seed and path replay
// only the command set they were found with). Each runs on a fresh world like any sequence.
import fc from 'fast-check';
import { AppError } from '@/lib/http/errors';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { TEST_CARDS } from '@/test/emulator/kit';
import { keyIn } from '@/test/kits/cards';
import { command, type MoneyCommand } from './command';
import { refundsAtOnce } from './overlap-order-commands';
import { cancelNowTaps } from './overlap-subscription-commands';
import { giveAccountAtOnce, secondVbank } from './owed-commands';
import { reconcileNow } from './settle-all';
import { shopInUse } from './shop-in-use';
import { completeV2Window, openV2WindowAndLeave, registerInV2WindowWith, strayV2Payment } from './v2-commands';
import { cancelVbank, depositVbank, leaveRefundAccount, placeVbank, vbankOrders } from './vbank-commands';
import { MODEL_TIMEOUT_MS, type World } from './world';

export interface Regression {
  name: string;
  setup?: (world: World) => Promise<void>;
  commands: () => MoneyCommand[];
}

/** A scheduler for a fixed sequence: the order it starts things in follows the seed. */
const schedulerOf = (seed: number) => {
  const [s] = fc.sample(fc.scheduler(), { seed, numRuns: 1 });
  if (!s) throw new Error('no scheduler');
  return s;
};

export const regressions: Regression[] = [
  {
    // Issue 31.1: the later taps found the subscription live and refunded the pro-rata of what was left, 2–3 refunds.
    name: 'ten cancel-nows of the hourly plan 20 minutes in (with an operator among them)',
    setup: shopInUse,
    commands: () => [cancelNowTaps(schedulerOf(31), 0, 1, 9, true, [0, 200, 0, 60, 400, 0, 200])],
  },
  {
    // Issue 31.2: a refund refused for its stale checksum found the other's entry of the same amount and answered 200.
    name: 'ten operators refunding one 28,000-won payment, each half of it, naming one balance',
    setup: shopInUse,
    commands: () => [refundsAtOnce(schedulerOf(312), 0, 1, 10, 'same', [0, 0, 400, 400, 400, 400, 400, 400, 400, 400])],
  },
  {
    // Issue 36 (refund owed): a second account of a paid order deposited was refunded without an account — refused, left unapplied.
    name: 'a second 가상계좌 deposit owed, then its account given five times at once',
    commands: () => [
      placeVbank(0, 'drip-bag-20', 1),
      secondVbank(0, 0, 'same'),
      giveAccountAtOnce(schedulerOf(36), 0, 0, 5, [0, 200, 0, 60, 400]),
      command('the second deposit is given back once', async (w) => {
        const [order] = await vbankOrders(w, 0);
        const second = (await w.emulator.payments()).filter(
          (p) => p.merchant_uid === order?.merchantUid && p.imp_uid !== order?.impUid,
        );
        if (second.length !== 1 || second[0]?.status !== 'cancelled' || second[0].cancel_history.length !== 1)
          throw new Error(`second deposit: ${JSON.stringify(second.map((p) => [p.status, p.cancel_amount]))}`);
      }),
    ],
  },
  {
    // The model's checker (I13) counted money owed back on an expired order as paid on a cancelled
    // one: the first account expired, a second of another amount deposited, the order cancelled.
    name: 'a 가상계좌 order expired, a second account of another amount deposited: owed back, not kept',
    commands: () => [
      placeVbank(1, 'drip-bag-20', 0),
      command('advance the clock 2678400 s', (w) => w.emulator.advanceClock(2_678_400)),
      secondVbank(1, 0, 'other'),
    ],
  },
  {
    // Issue 36: a partly deposited 가상계좌 could not be cancelled (409 vbank_partly_paid), its deposit kept.
    name: 'a partly paid 가상계좌 cancelled: refused without an account, then the deposit given back',
    commands: () => [
      placeVbank(1, 'ceramic-mug', 1),
      depositVbank(1, 0, 'part'),
      cancelVbank(1, 0),
      leaveRefundAccount(1, 0, 'own'),
      cancelVbank(1, 0),
      command('the partly paid 가상계좌 is cancelled, its deposit given back once', async (w) => {
        const [order] = await vbankOrders(w, 1);
        const record = (await w.emulator.payments()).find((p) => p.imp_uid === order?.impUid);
        if (order?.status !== 'cancelled' || record?.status !== 'cancelled' || record.cancel_history.length !== 1)
          throw new Error(`partly paid cancel: order ${order?.status}, service ${record?.status}`);
      }),
    ],
  },
];

/** 회원탈퇴 of actor `a`; stopped with a reason (AppError) is fine, anything else fails the run (as in the model). */
const withdrawing = (a: number) =>
  command(`withdraw (actor ${a})`, async (w) => {
    const user = w.actors[a]?.customer.user;
    if (user)
      await withdrawAccount(user).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
  });

/** Fixed sequences of the V2 property (money-model-v2.db.test.ts), run with the shop on V2. */
export const v2Regressions: Regression[] = [
  {
    // Issue 37: money paid on V2 under an order number never made here was found by no one (the sweep
    // listed V1's payments only); now the V2 sweep gives it back on V2, once.
    name: 'a V2 payment under an order number never made here, given back by the sweep',
    commands: () => [
      strayV2Payment(1, 'fresh'),
      command('the stray V2 payment is given back once', async (w) => {
        await reconcileNow(w);
        const stray = [...w.emulator.core.store.v2Payments.values()].filter((p) => p.total === 4_321);
        if (stray.length !== 1 || stray[0]?.status !== 'CANCELLED' || stray[0].cancellations.length !== 1)
          throw new Error(`stray: ${JSON.stringify(stray.map((p) => [p.status, p.cancelled]))}`);
      }),
    ],
  },
  {
    // Issue 37: a V2 booking made with its answer lost stayed `to_book` for good (I4): booking it again
    // was refused (PAYMENT_SCHEDULE_ALREADY_EXISTS) and its schedule id, the service's, was never known.
    name: 'a V2 subscription cancelled, then resumed with the booking answered too late',
    setup: async (world) => {
      world.log.push('setup: actor 0 keys in a card and subscribes to hourly-demo');
      await world.actors[0]?.customer.keyIn(keyIn(TEST_CARDS.approved));
      await world.actors[0]?.subscriber.subscribeRaw({ planId: 'hourly-demo', idempotencyKey: crypto.randomUUID() });
    },
    commands: () => {
      const only = async (w: World) => (await w.actors[0]?.subscriber.list())?.[0]?.id ?? '';
      return [
        command('cancel subscription #0 (actor 0)', async (w) => w.actors[0]?.subscriber.cancel(await only(w))),
        command('fault: next 1 POST /payments/* late', (w) =>
          w.emulator.injectFault({
            method: 'POST',
            path: '/payments/*',
            action: 'delay',
            delay_ms: MODEL_TIMEOUT_MS + 300,
          }),
        ),
        command('resume subscription #0 (actor 0)', async (w) => w.actors[0]?.subscriber.resume(await only(w))),
      ];
    },
  },
  {
    // Issue 37: a V2 booking's revoke refused (500) during 회원탈퇴 escaped as the provider's error
    // (a bare 503 at the route) where V1's stops the withdrawal with its reason, the account kept.
    name: "회원탈퇴 of a V2 subscriber while the service refuses the booking's revoke",
    setup: async (world) => {
      world.log.push('setup: actor 0 keys in a card and subscribes to hourly-demo');
      await world.actors[0]?.customer.keyIn(keyIn(TEST_CARDS.approved));
      await world.actors[0]?.subscriber.subscribeRaw({ planId: 'hourly-demo', idempotencyKey: crypto.randomUUID() });
    },
    commands: () => [
      command('fault: next 1 DELETE /payment-schedules 500', (w) =>
        w.emulator.injectFault({ method: 'DELETE', path: '/payment-schedules', action: '500' }),
      ),
      withdrawing(0),
    ],
  },
  {
    // Issue 37: a V2 window's key whose browser never came back stayed at the service after 회원탈퇴
    // (I7): the card never learned its key, so neither 회원탈퇴 nor reconciliation could delete it.
    name: 'a V2 window (KakaoPay) whose browser never came back, then 회원탈퇴',
    setup: async (world) => {
      world.log.push('setup: actor 0 keys in a card');
      await world.actors[0]?.customer.keyIn(keyIn(TEST_CARDS.approved));
    },
    commands: () => [registerInV2WindowWith(0, 'kakaopay', false), withdrawing(0)],
  },
  {
    // Issue 37: a V2 key answered to a key-in after 회원탈퇴, its deletion refused (500) twice, stayed
    // at the service (I7): the removed card's row never kept the key reconciliation would delete.
    name: 'a V2 key-in in flight through 회원탈퇴 while deleting keys fails',
    commands: () => [
      command('fault: next 2 DELETE /billing-keys/* 500', (w) =>
        w.emulator.injectFault({ method: 'DELETE', path: '/billing-keys/*', action: '500', count: 2 }),
      ),
      command('withdraw (actor 1) while a key-in is in flight', (w) =>
        Promise.all([withdrawing(1).run({}, w), w.actors[1]?.customer.keyIn(keyIn(TEST_CARDS.approved))]),
      ),
    ],
  },
  ...[false, true].map((returns) => ({
    // Issue 37: a V2 billing-key window completed after 회원탈퇴 left its key at the service (I7): the
    // browser can no longer report it, and V2's BillingKey.Issued notice was ignored.
    name: `a V2 card window left open through 회원탈퇴, then completed (${returns ? 'the browser returns' : 'browser gone'})`,
    commands: () => [openV2WindowAndLeave(1), withdrawing(1), completeV2Window(0, returns)],
  })),
];
