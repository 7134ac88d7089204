// Drives the order routes the way /products and /account/orders do, as one signed-in customer,
// for the server tests in test/routes/orders. Payment windows are completed through the emulator's
// control-API shortcut, which leaves the same records as the hosted window.

import { randomUUID } from 'node:crypto';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { POST as verifyRoute } from '@/app/api/checkout/verify/route';
import { POST as buyNowRoute } from '@/app/api/orders/buy-now/route';
import { GET as listRoute } from '@/app/api/orders/route';
import type { CheckoutStart, OrderSummary } from '@/lib/orders/order-view';
import { deliverWebhook } from '@/test/app-bridge';
import { cardFields, type TestCard, type TestEmulator } from '@/test/emulator/kit';
import { createTestCard, pageRequest } from '@/test/factories';
import { Customer } from '@/test/kits/cards';

export const newKey = () => randomUUID();

export class Shopper {
  private constructor(readonly customer: Customer) {}

  static async signUp(): Promise<Shopper> {
    return new Shopper(await Customer.signUp());
  }

  static of(customer: Customer): Shopper {
    return new Shopper(customer);
  }

  /** Signs up with an active default card (billing key issued at the emulator). */
  static async withCard(cardNumber?: string): Promise<Shopper> {
    const shopper = await Shopper.signUp();
    await createTestCard(shopper.user.id, { cardNumber });
    return shopper;
  }

  get user() {
    return this.customer.user;
  }

  private post(path: string, body: unknown, handler: (request: Request, context: object) => Promise<Response>) {
    return handler(pageRequest(path, { method: 'POST', body, cookie: this.customer.cookie }), {});
  }

  buyNowRaw(body: unknown): Promise<Response> {
    return this.post('/api/orders/buy-now', body, buyNowRoute);
  }

  async buyNow(productId = 'drip-bag-20', idempotencyKey = newKey()): Promise<OrderSummary> {
    return ((await (await this.buyNowRaw({ productId, idempotencyKey })).json()) as { order: OrderSummary }).order;
  }

  async orders(): Promise<OrderSummary[]> {
    const response = await listRoute(pageRequest('/api/orders', { cookie: this.customer.cookie }), {});
    return ((await response.json()) as { orders: OrderSummary[] }).orders;
  }

  checkoutRaw(body: unknown): Promise<Response> {
    return this.post('/api/checkout', body, checkoutRoute);
  }

  async startCheckout(productId = 'ceramic-mug', idempotencyKey = newKey()): Promise<CheckoutStart> {
    return ((await (await this.checkoutRaw({ productId, idempotencyKey })).json()) as { checkout: CheckoutStart })
      .checkout;
  }

  /** The payment window completed with a test card, as IMP.request_pay would send it (amount as the page sent it). */
  payInWindow(emulator: TestEmulator, checkout: CheckoutStart, card: TestCard = 'approved', amount = checkout.amount) {
    return emulator.completeWindowPayment({
      pg: checkout.pg,
      merchant_uid: checkout.merchantUid,
      amount,
      name: checkout.name,
      buyer_name: checkout.buyerName,
      buyer_email: checkout.buyerEmail,
      ...cardFields(card),
    });
  }

  verify(body: unknown): Promise<Response> {
    return this.post('/api/checkout/verify', body, verifyRoute);
  }
}

/** The service's notice of a payment, as the emulator sends it to the app (JSON). */
export const deliverNotice = (notice: { imp_uid: string; merchant_uid: string; status: string }) =>
  deliverWebhook(JSON.stringify(notice));
