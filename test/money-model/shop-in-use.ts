// Where the overlap property's runs start (issue 31): each customer with a card, a service and a
// goods subscription, an order to deliver and one without a delivery, 20 minutes into the demo
// plan's hour — so that the steps fired at once have money to move from the first step on.
import { TEST_CARDS } from '@/test/emulator/kit';
import { keyIn } from '@/test/kits/cards';
import { shipping } from '@/test/kits/fulfilment';
import type { World } from './world';

const key = () => crypto.randomUUID();

export async function shopInUse(world: World): Promise<void> {
  world.log.push(
    'setup: each actor keys in a card, subscribes to hourly-demo and monthly-beans, buys two orders; 20 minutes pass',
  );
  for (const { customer, subscriber, shopper } of world.actors) {
    await customer.keyIn(keyIn(TEST_CARDS.approved));
    await subscriber.subscribeRaw({ planId: 'hourly-demo', idempotencyKey: key() });
    await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: key() });
    await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: key(),
      quantity: 1,
      shipping,
      saveAddress: false,
    });
    await shopper.buyNowRaw({ productId: 'house-blend-1kg', idempotencyKey: key() });
  }
  await world.emulator.advanceClock(1_200);
}
