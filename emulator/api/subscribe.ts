import { deleteBillingKey } from '../core/service/billing-key-deletion';
import { customerFields, findBillingKey, getBillingKey, issueBillingKey } from '../core/service/billing-keys';
import { readCard } from '../core/service/card-input';
import { listParam, paymentsOfCustomer } from '../core/service/payment-lookups';
import { payAgain, payOnetime } from '../core/service/subscribe-payments';
import { assertCardPg } from '../core/service/wallets';
import { billingKeyWire, paymentWire } from '../core/wire/answers';
import { invalid, notFound } from '../core/wire/errors';
import { boundedList, optionalText } from '../core/wire/fields';
import { readPageNumber } from '../core/wire/listing';
import { resolvePg } from '../core/wire/order';
import { customerUid } from './customer-uid';
import { foundOf, type RestApi, type RestContext } from './rest';

/** GET /subscribe/customers?customer_uid[]=…: each key asked for (404 when none is found, 207 when some). */
function severalKeys(ctx: RestContext) {
  const uids = boundedList(listParam(ctx.query, 'customer_uid'), 'customer_uid[]') as string[];
  if (uids.length === 0) throw invalid('customer_uid[]', '필수 항목입니다.');
  const keys = uids.map((uid) => findBillingKey(ctx.core, ctx.merchant.code, uid));
  const found = keys.flatMap((key) => (key ? [billingKeyWire(key)] : []));
  if (found.length === 0) throw notFound('등록되지 않은 구매자입니다.');
  return foundOf({ found, missing: uids.filter((_, i) => !keys[i]) });
}

export function subscribeRoutes(api: RestApi): void {
  // GET /subscribe/customers?customer_uid[]= — several billing keys at once
  api.on('GET', '/subscribe/customers', severalKeys);
  // POST /subscribe/customers/:customer_uid — register a card, issue its billing key
  api.on('POST', '/subscribe/customers/:customer_uid', (ctx) => {
    const uid = customerUid(ctx);
    const card = readCard(ctx.body, ctx.core.now(ctx.merchant.code));
    const fields = customerFields(ctx.body);
    const pg = assertCardPg(resolvePg(optionalText(ctx.body, 'pg', { max: 80 })));
    return billingKeyWire(issueBillingKey(ctx.core, ctx.merchant.code, uid, card, fields, pg));
  });
  // GET /subscribe/customers/:customer_uid — a billing key (404 when unknown)
  api.on('GET', '/subscribe/customers/:customer_uid', (ctx) =>
    billingKeyWire(getBillingKey(ctx.core, ctx.merchant.code, customerUid(ctx))),
  );
  // DELETE /subscribe/customers/:customer_uid — delete a billing key (its pending schedules are revoked)
  api.on('DELETE', '/subscribe/customers/:customer_uid', (ctx) =>
    billingKeyWire(deleteBillingKey(ctx.core, ctx.merchant.code, customerUid(ctx))),
  );
  // GET /subscribe/customers/:customer_uid/payments — a page of what the key paid, newest first
  api.on('GET', '/subscribe/customers/:customer_uid/payments', (ctx) => {
    const page = paymentsOfCustomer(ctx.core, ctx.merchant.code, customerUid(ctx), readPageNumber(ctx.query));
    return { ...page, list: page.list.map((p) => paymentWire(p, ctx.baseUrl)) };
  });
  // POST /subscribe/payments/again — charge a billing key now
  api.on('POST', '/subscribe/payments/again', (ctx) =>
    paymentWire(payAgain(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl),
  );
  // POST /subscribe/payments/onetime — key-in payment, optionally issuing a billing key too
  api.on('POST', '/subscribe/payments/onetime', (ctx) =>
    paymentWire(payOnetime(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl),
  );
}
