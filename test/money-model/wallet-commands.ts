// Wallet billing keys in the model-based money test (issue 36.6): a 카카오페이 key registered through
// its window (the window shortcut with pg kakaopay and the card registration's customer_uid; a
// wallet whose every charge fails on 010-4000-9995), made the default and charged one-click (바로
// 구매) and by a subscription's renewals (the clock commands), and removed while a renewal is booked
// (lib/cards/dependents.ts refuses it as for a card; I7 holds the service to no key left after).
import fc from 'fast-check';
import { CARD_CONSENT } from '@/test/kits/cards';
import { buyNowAnswer, noteAnswer, subscribeAnswer } from './answers';
import { actor, command, index, pick } from './command';
import type { World } from './world';

/** The customer_uids registered on a wallet in each run. */
const walletKeys = new WeakMap<World, Set<string>>();
const keysOf = (w: World) => {
  const keys = walletKeys.get(w) ?? new Set<string>();
  walletKeys.set(w, keys);
  return keys;
};

async function walletCards(w: World, a: number) {
  const cards = (await w.actors[a]?.customer.cards()) ?? [];
  const keys = keysOf(w);
  const ids = new Set(
    (await w.app.db().query.cards.findMany()).filter((c) => keys.has(c.customerUid)).map((c) => c.id),
  );
  return cards.filter((card) => ids.has(card.id));
}

const register = fc.tuple(actor, fc.constantFrom('010-1234-5678', '010-1234-5678', '010-4000-9995')).map(([a, phone]) =>
  command(`register 카카오페이 (${phone}) in its window (actor ${a})`, async (w) => {
    const customer = w.actors[a]?.customer;
    if (!customer) return;
    const started = await customer.startWindowRaw({ consent: CARD_CONSENT });
    const registration = started.status === 201 ? (await started.json()).registration : undefined;
    if (!registration) return started;
    keysOf(w).add(registration.customerUid);
    const { rsp } = await w.app
      .emulator()
      .completeWindowPayment({
        pg: 'kakaopay',
        pay_method: 'card',
        merchant_uid: registration.merchantUid,
        customer_uid: registration.customerUid,
        amount: 0,
        name: registration.name,
        buyer_name: registration.buyerName,
        phone,
      })
      .catch(() => ({ rsp: { imp_uid: null } }));
    if (rsp.imp_uid) return customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
  }),
);

/** The wallet made the default, then charged: one click (바로 구매) or a subscription renewed on it. */
const chargeWallet = fc
  .tuple(actor, index, fc.constantFrom<'buy' | 'subscribe'>('buy', 'subscribe'))
  .map(([a, k, how]) =>
    command(`${how === 'buy' ? 'buy now' : 'subscribe hourly-demo'} on 카카오페이 #${k} (actor ${a})`, async (w) => {
      const actorOf = w.actors[a];
      const wallet = pick(await walletCards(w, a), k);
      if (!actorOf || !wallet) return;
      await actorOf.customer.chooseDefault(wallet.id);
      const key = crypto.randomUUID();
      if (how === 'buy') {
        const response = await actorOf.shopper.buyNowRaw({ productId: 'house-blend-1kg', idempotencyKey: key });
        await noteAnswer(w, 'buy now on a wallet', response, buyNowAnswer);
        return response;
      }
      const response = await actorOf.subscriber.subscribeRaw({ planId: 'hourly-demo', idempotencyKey: key });
      await noteAnswer(w, 'subscribe on a wallet', response, subscribeAnswer);
      return response;
    }),
  );

/** The wallet removed (a renewal may be booked on it: refused then, as for a card). */
const removeWallet = fc.tuple(actor, index).map(([a, k]) =>
  command(`remove 카카오페이 #${k} (actor ${a})`, async (w) => {
    const wallet = pick(await walletCards(w, a), k);
    if (wallet) return w.actors[a]?.customer.remove(wallet.id);
  }),
);

export const walletCommands = [register, chargeWallet, removeWallet];
