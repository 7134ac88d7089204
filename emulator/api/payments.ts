import { paymentBalance } from '../core/service/balance';
import { cancelPayment } from '../core/service/cancel';
import { visible } from '../core/service/channels';
import { listPayments, PAYMENT_STATUSES, readStatusFilter } from '../core/service/payment-lists';
import { allOfOrder, listParam, paymentsByIds } from '../core/service/payment-lookups';
import { getPayment, paymentsOfOrder, type Sorting, sortings } from '../core/service/payments';
import { getPrepared, prepareAmount } from '../core/service/prepare';
import type { PaymentStatus } from '../core/store/records';
import { paymentWire } from '../core/wire/answers';
import { invalid, notFound } from '../core/wire/errors';
import { includeSandbox, readPage, readRange } from '../core/wire/listing';
import { foundOf, param, type RestApi, type RestContext } from './rest';

function sortingOf(ctx: RestContext): Sorting {
  const sorting = ctx.query.get('sorting') ?? '-started';
  if (!sortings.includes(sorting as Sorting)) throw invalid('sorting', `${sortings.join(', ')} 중 하나여야 합니다.`);
  return sorting as Sorting;
}

function statusOf(status: string | null): PaymentStatus | null {
  if (status !== null && !PAYMENT_STATUSES.includes(status as PaymentStatus))
    throw invalid('payment_status', `${PAYMENT_STATUSES.join(', ')} 중 하나여야 합니다.`);
  return status as PaymentStatus | null;
}

/** The newest payment of an order number (optionally in one status); 404 when there is none. */
function findByOrder(ctx: RestContext, status: string | null) {
  statusOf(status);
  const [newest] = paymentsOfOrder(
    ctx.core,
    ctx.merchant.code,
    param(ctx, 'merchant_uid'),
    status as PaymentStatus | null,
    sortingOf(ctx),
  ).filter((p) => visible(p, includeSandbox(ctx.query)));
  if (!newest) throw notFound('존재하지 않는 결제정보입니다.');
  return paymentWire(newest, ctx.baseUrl);
}

const preparedWire = ({
  merchant_uid,
  amount,
  currency,
}: {
  merchant_uid: string;
  amount: number;
  currency: string;
}) => ({
  merchant_uid,
  amount,
  currency,
});

/** Every payment of an order number, a page (optionally in one status); 404 when there is none. */
function findAll(ctx: RestContext, status: string | null) {
  const query = { ...readPage(ctx.query), status: statusOf(status), sorting: sortingOf(ctx) };
  const page = allOfOrder(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'), query);
  return { ...page, list: page.list.map((p) => paymentWire(p, ctx.baseUrl)) };
}

export function paymentRoutes(api: RestApi): void {
  // GET /payments?imp_uid[]=&merchant_uid[]= — several payments at once (207 when some are missing)
  api.on('GET', '/payments', (ctx) => {
    const ids = paymentsByIds(
      ctx.core,
      ctx.merchant.code,
      listParam(ctx.query, 'imp_uid'),
      listParam(ctx.query, 'merchant_uid'),
    );
    return foundOf({ ...ids, found: ids.found.map((p) => paymentWire(p, ctx.baseUrl)) });
  });
  // GET /payments/:imp_uid — one payment record
  api.on('GET', '/payments/:imp_uid', (ctx) =>
    paymentWire(getPayment(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), includeSandbox(ctx.query)), ctx.baseUrl),
  );
  // GET /payments/findAll/:merchant_uid[/:payment_status] — every payment of an order number, paged
  api.on('GET', '/payments/findAll/:merchant_uid', (ctx) => findAll(ctx, null));
  api.on('GET', '/payments/findAll/:merchant_uid/:payment_status', (ctx) => findAll(ctx, param(ctx, 'payment_status')));
  // GET /payments/find/:merchant_uid[/:payment_status] — the newest payment of an order number
  api.on('GET', '/payments/find/:merchant_uid', (ctx) => findByOrder(ctx, null));
  api.on('GET', '/payments/find/:merchant_uid/:payment_status', (ctx) =>
    findByOrder(ctx, param(ctx, 'payment_status')),
  );
  // GET /payments/status/:payment_status — a page of payments in one status (or all), in a time range
  api.on('GET', '/payments/status/:payment_status', (ctx) => {
    const status = readStatusFilter(param(ctx, 'payment_status'));
    const range = readRange(ctx.query, ctx.core.now(ctx.merchant.code), { from: 'from', to: 'to' });
    const query = {
      status,
      ...range,
      ...readPage(ctx.query),
      sorting: sortingOf(ctx),
      includeSandbox: includeSandbox(ctx.query),
    };
    const page = listPayments(ctx.core, ctx.merchant.code, query);
    return { ...page, list: page.list.map((p) => paymentWire(p, ctx.baseUrl)) };
  });
  // POST /payments/cancel — full or partial refund
  api.on('POST', '/payments/cancel', (ctx) =>
    paymentWire(cancelPayment(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl),
  );
  // POST /payments/prepare — pre-register an order's amount; PUT changes it
  api.on('POST', '/payments/prepare', (ctx) =>
    preparedWire(prepareAmount(ctx.core, ctx.merchant.code, ctx.body, false)),
  );
  api.on('PUT', '/payments/prepare', (ctx) => preparedWire(prepareAmount(ctx.core, ctx.merchant.code, ctx.body, true)));
  // GET /payments/prepare/:merchant_uid — the pre-registered amount
  api.on('GET', '/payments/prepare/:merchant_uid', (ctx) =>
    preparedWire(getPrepared(ctx.core, ctx.merchant.code, param(ctx, 'merchant_uid'))),
  );
  // GET /payments/:imp_uid/balance — what is left of a payment, with its history (last: find, status and prepare paths win)
  api.on('GET', '/payments/:imp_uid/balance', (ctx) =>
    paymentBalance(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid')),
  );
}
