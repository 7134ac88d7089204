import 'server-only';
import type { User } from '@/lib/accounts';
import { cardLabel, findChargeableCard } from '@/lib/cards';
import { type CardChargeResult, chargeCard } from '@/lib/payments';
import type { ShippingDetails } from '@/lib/values/client';
import { openOrder, orderedProduct } from './open-order';
import { type Order, orderName, reloadOrder, transitionOrder } from './orders';
import { refuseOrder } from './refusals';
import { applyPayment, settlePendingOrder } from './settle';
import { saveDefaultAddress } from './shipping-address';

export interface BuyNow {
  productId: string;
  idempotencyKey: string;
  /** Default: the user's default card. */
  cardId?: string;
  /** The order sheet (lib/orders/requests.ts). */
  quantity?: number;
  shipping?: ShippingDetails;
  saveAddress?: boolean;
}

/**
 * One-click purchase: an order at the catalogue price, charged once with the saved card. A repeat
 * of the request (same idempotency key) finds the same order instead of charging again; if that
 * order's outcome is still unknown it is looked up, never re-sent.
 */
export async function buyNow(user: User, input: BuyNow): Promise<{ order: Order; created: boolean }> {
  const product = orderedProduct(input.productId);
  const card = await findChargeableCard(user.id, input.cardId);
  if (!card) throw refuseOrder(input.cardId ? 'card_not_found' : 'no_card');

  const { order, created } = await openOrder({
    userId: user.id,
    product,
    method: 'billing_key',
    idempotencyKey: input.idempotencyKey,
    quantity: input.quantity,
    shipping: input.shipping,
    cardId: card.id,
    cardLabel: cardLabel(card),
    // A wallet's key pays as the wallet: its paid record says so, and a repeat of the request must match.
    payMethod: card.method,
    // Charged on the API the card's key was issued on, whatever the shop runs on now.
    api: card.api,
  });
  // A repeat: the first request's charge is under way or done; its outcome, never a second charge.
  if (!created) return { order: await settlePendingOrder(order), created };

  if (input.saveAddress && input.shipping) await saveDefaultAddress(user.id, input.shipping);
  const result = await chargeCard({
    merchantUid: order.merchantUid,
    customerUid: card.customerUid,
    api: card.api,
    billingKey: card.billingKey,
    amount: order.amount,
    name: orderName(order),
    buyer: user,
  });
  return { order: await recordCharge(order, result), created };
}

async function recordCharge(order: Order, result: CardChargeResult): Promise<Order> {
  switch (result.status) {
    case 'pending':
      return order;
    case 'paid':
      return applyPayment(order, result.payment);
    case 'failed':
      if (result.payment) return applyPayment(order, result.payment);
      // Refused with no payment on record: nothing was charged.
      return (
        (await transitionOrder(order, ['pending'], { status: 'failed', failReason: result.reason })) ??
        reloadOrder(order)
      );
  }
}
