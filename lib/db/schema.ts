// Table definitions only. No 'server-only' marker here: drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingDetails } from '@/lib/values/client';

/**
 * A time on the service's clock, in UNIX seconds: bigint, since a 32-bit integer ends in January
 * 2038 (periods and schedules a few years ahead reach past it); numbers in JS (exact to 2^53).
 */
const epochSeconds = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

/**
 * Which PortOne API a record was made on (lib/provider): it is refunded, read and reconciled through
 * that API whatever PORTONE_API says now. Every record from before V2 was made on V1.
 */
const portoneApi = () =>
  text('api', { enum: ['v1', 'v2'] })
    .notNull()
    .default('v1');

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /**
   * Stored lower-cased; uniqueness is case-insensitive by construction. A withdrawn account holds a
   * tombstone (`withdrawn-<id>@deleted.invalid`) so the address is free for a new signup.
   */
  email: text('email').notNull().unique(),
  /** Null once the account is withdrawn: nobody can sign in to it. */
  passwordHash: text('password_hash'),
  /** The certified identity (issue: signup with identity certification); cleared on withdrawal. */
  name: text('name'),
  birthday: date('birthday'),
  gender: text('gender', { enum: ['male', 'female'] }),
  /** Keyed hash of the service's unique_key (CI): one account per person without keeping the CI. */
  uniqueKeyHash: text('unique_key_hash').unique(),
  uniqueInSite: text('unique_in_site'),
  /** Service clock, UNIX seconds. */
  certifiedAt: epochSeconds('certified_at').notNull(),
  /**
   * 회원탈퇴 (service clock): the row stays, anonymised, because the orders, charges and consents the
   * law makes us keep point at it (lib/withdrawal/withdraw.ts).
   */
  deletedAt: epochSeconds('deleted_at'),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the random token in the cookie; a database leak does not hand out sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One identity check started by a browser: the merchant_uid we issued for IMP.certification,
 * bound to that browser's signup cookie, then the verified result until an account uses it.
 */
export const identityChecks = pgTable('identity_checks', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantUid: text('merchant_uid').notNull().unique(),
  browserTokenHash: text('browser_token_hash').notNull(),
  api: portoneApi(),
  status: text('status', { enum: ['issued', 'verified', 'used'] })
    .notNull()
    .default('issued'),
  /** Set once verified; unique so a certification can never be used twice. */
  impUid: text('imp_uid').unique(),
  name: text('name'),
  birthday: date('birthday'),
  gender: text('gender', { enum: ['male', 'female'] }),
  uniqueKeyHash: text('unique_key_hash'),
  uniqueInSite: text('unique_in_site'),
  certifiedAt: epochSeconds('certified_at'),
  createdAt: createdAt(),
});

/**
 * A card registered as a billing key under a customer_uid this server minted for one user.
 * `pending` from minting until the service confirms the key; `removed` once deleted there.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Restrict: money records never go with an account (a withdrawn one is anonymised, not deleted). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerUid: text('customer_uid').notNull().unique(),
    status: text('status', { enum: ['pending', 'active', 'removed'] })
      .notNull()
      .default('pending'),
    api: portoneApi(),
    /** V2: the key the service issued (V1 charges the customer_uid itself, so this stays null). */
    billingKey: text('billing_key').unique(),
    registeredVia: text('registered_via', { enum: ['window', 'key_in'] }),
    /** What the billing key pays with: a card, or a wallet (간편결제) kept for one-click and subscriptions. */
    method: text('method', { enum: ['card', 'kakaopay', 'naverpay', 'tosspay'] })
      .notNull()
      .default('card'),
    /** From the service's billing-key record; never more than the masked number. */
    cardName: text('card_name'),
    cardNumberMasked: text('card_number_masked'),
    isDefault: boolean('is_default').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('cards_user_idx').on(table.userId),
    // At most one default card per user, enforced by the database rather than by read-then-write.
    uniqueIndex('cards_one_default_per_user')
      .on(table.userId)
      .where(sql`${table.isDefault} and ${table.status} = 'active'`),
  ],
);

/**
 * One purchase of a catalogue product: charged with a billing key (one-click) or through the
 * payment window (checkout). The amount is the catalogue's, fixed when the order is created.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    merchantUid: text('merchant_uid').notNull().unique(),
    productId: text('product_id').notNull(),
    api: portoneApi(),
    productName: text('product_name').notNull(),
    /** What was charged: the catalogue price × quantity, plus the shipping fee. */
    amount: integer('amount').notNull(),
    quantity: integer('quantity').notNull().default(1),
    shippingFee: integer('shipping_fee').notNull().default(0),
    /** Where the goods go, as the order sheet gave it; null for an order with no delivery (a barcode payment). */
    shipping: jsonb('shipping').$type<ShippingDetails>(),
    method: text('method', { enum: ['billing_key', 'window', 'cvs'] }).notNull(),
    cardId: uuid('card_id').references(() => cards.id),
    /**
     * How the customer chose to pay (lib/payments/pay-methods.ts): a card, a wallet (간편결제), a
     * 가상계좌, 실시간 계좌이체, 휴대폰 소액결제, or a convenience-store barcode.
     */
    payMethod: text('pay_method', {
      enum: ['card', 'kakaopay', 'naverpay', 'tosspay', 'vbank', 'trans', 'phone', 'cvs'],
    })
      .notNull()
      .default('card'),
    /**
     * `refunded`: the service's record did not match the order and the payment was cancelled.
     * `awaiting`: a convenience-store barcode is issued and waits for the customer at a store, or a
     * 가상계좌 waits for its deposit (입금 대기);
     * `cancelled`: that barcode or account was cancelled (or its deadline passed) before it was paid.
     */
    status: text('status', { enum: ['created', 'pending', 'awaiting', 'paid', 'failed', 'refunded', 'cancelled'] })
      .notNull()
      .default('created'),
    /** From the browser: a double click, a retried request or a second tab makes one order. */
    idempotencyKey: text('idempotency_key'),
    impUid: text('imp_uid').unique(),
    failReason: text('fail_reason'),
    receiptUrl: text('receipt_url'),
    cardLabel: text('card_label'),
    /** Convenience-store orders: the collection number and its deadline (service clock). */
    barcode: text('barcode'),
    collectBy: epochSeconds('collect_by'),
    /** 가상계좌 orders: the account the customer transfers to, as the service issued it, and its deadline. */
    vbankCode: text('vbank_code'),
    vbankName: text('vbank_name'),
    vbankNum: text('vbank_num'),
    vbankHolder: text('vbank_holder'),
    vbankDue: epochSeconds('vbank_due'),
    /** 가상계좌 refunds go back by bank transfer: the customer's account, its holder checked at the service. */
    refundBank: text('refund_bank'),
    refundAccount: text('refund_account'),
    refundHolder: text('refund_holder'),
    /**
     * 현금영수증 of a 가상계좌 or 계좌이체 order: asked (`requested`, issued once paid), `issued` at the
     * service, or `cancelled` with a full refund. person: 소득공제용 (phone); company: 지출증빙용 (business number).
     */
    cashReceiptStatus: text('cash_receipt_status', { enum: ['requested', 'issued', 'cancelled', 'failed'] }),
    cashReceiptType: text('cash_receipt_type', { enum: ['person', 'company'] }),
    cashReceiptIdentifier: text('cash_receipt_identifier'),
    cashReceiptApplyNum: text('cash_receipt_apply_num'),
    /** Service clock, UNIX seconds. */
    paidAt: epochSeconds('paid_at'),
    /** KRW refunded of a paid order so far (the service's cancel_amount); `refunded` once it is all of it. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** What the customer reads and quotes: `YYMMDD-NNNNNN` (Korean date of the order), unique. */
    orderNumber: text('order_number').notNull().unique(),
    /**
     * Where the goods are (lib/orders/fulfilment.ts), apart from the money's `status`: `ordered` (paid,
     * not yet handled) → `preparing` → `shipped` (carrier, tracking) → `delivered`; `cancelled` by the
     * customer before shipping (its refund in the refunds table). Moves only by conditional updates.
     */
    fulfilment: text('fulfilment', { enum: ['ordered', 'preparing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('ordered'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Service clock, UNIX seconds. */
    preparingAt: epochSeconds('preparing_at'),
    shippedAt: epochSeconds('shipped_at'),
    deliveredAt: epochSeconds('delivered_at'),
    cancelledAt: epochSeconds('cancelled_at'),
    /** A return after delivery (청약철회): asked by the customer, approved or declined by an operator. */
    returnStatus: text('return_status', { enum: ['requested', 'approved', 'declined'] }),
    returnReason: text('return_reason'),
    returnRequestedAt: epochSeconds('return_requested_at'),
    /** Kept from the refund on approval: the return shipping fee the customer bears. */
    returnFee: integer('return_fee'),
    returnDeclineReason: text('return_decline_reason'),
    returnDecidedAt: epochSeconds('return_decided_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    // The console's fulfilment queue: paid orders not yet shipped, and returns asked for.
    index('orders_fulfilment_idx').on(table.fulfilment),
    // Reconciliation looks for orders still open.
    index('orders_status_idx').on(table.status),
    uniqueIndex('orders_user_idempotency_key').on(table.userId, table.idempotencyKey),
    // Whether reconciliation sweeps V2 at all (lib/reconciliation/sweep.ts sweepsV2): empty on a V1 shop.
    index('orders_on_v2_idx').on(table.api).where(sql`${table.api} = 'v2'`),
  ],
);

/** Every webhook delivery as received, before anything acts on it (webhooks are hints). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: createdAt(),
    contentType: text('content_type'),
    body: text('body').notNull(),
    /** The parsed hint, or null when the body was not a notice. */
    hint: jsonb('hint').$type<{ imp_uid: string; merchant_uid: string; status: string }>(),
    impUid: text('imp_uid'),
    /** What the app made of it: a handler's short note, `ignored: …` or `error: …`. */
    outcome: text('outcome'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('webhook_deliveries_imp_uid_idx').on(table.impUid)],
);

/** Feeds subscription numbers: each value is used once, so two subscriptions never share a number. */
export const subscriptionNumbers = pgSequence('subscription_number_seq');
// The sequence's value times a number prime to 10^6, modulo 10^6: distinct for a million subscriptions
// in a row (so within any day), without counting up in plain sight.
const subscriptionNumberDefault = sql`('S' || to_char(now() AT TIME ZONE 'Asia/Seoul', 'YYMMDD') || '-' || lpad(mod(nextval('subscription_number_seq') * 738421, 1000000)::text, 6, '0'))`;

/**
 * A customer's subscription to a plan, charged on a saved card: the first period at once
 * (`again`), each next one by a booking at the service (`/subscribe/payments/schedule`) that the
 * webhook turns into a renewal. Periods are on the service's clock (UNIX seconds).
 * `incomplete`: the first charge's outcome is not known yet; `failed`: the first charge failed
 * (the subscription never started); `past_due`: a renewal failed and retries are booked (access
 * continues); `cancelled`: ended, by the customer at a period end or after the last failed retry.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    /** KRW per period, the plan's price when subscribed. */
    amount: integer('amount').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'cancelled', 'failed'] })
      .notNull()
      .default('incomplete'),
    /** The API of its card: its charges and bookings are made there. */
    api: portoneApi(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: epochSeconds('current_period_start'),
    currentPeriodEnd: epochSeconds('current_period_end'),
    endedAt: epochSeconds('ended_at'),
    /**
     * Why it ended — or, while it still runs with cancelAtPeriodEnd, why it will end. `refunded`: the
     * current period's charge was refunded in full, which ends access; `price_declined`: the
     * subscriber did not accept a price change before the renewal it applies to.
     */
    endReason: text('end_reason', {
      enum: ['customer', 'payment_failed', 'refunded', 'price_declined', 'trial_not_converted'],
    }),
    /**
     * A free trial's end (service clock); null without a trial. The first charge is booked only once
     * the customer agreed to the conversion inside the 30 days before it (trialDecision `convert`).
     */
    trialEndsAt: epochSeconds('trial_ends_at'),
    /** The customer's answer to the trial's conversion: `convert` (agreed, logged) or `end`; null: not yet. */
    trialDecision: text('trial_decision', { enum: ['convert', 'end'] }),
    /** Service clock: when trialDecision was given (a consent counts only inside its 30-day window). */
    trialDecidedAt: epochSeconds('trial_decided_at'),
    /**
     * Where monthly periods are counted from (Stripe's billing_cycle_anchor): a subscription started on
     * the 31st renews on the last day of shorter months and on the 31st again after. Reset when a
     * period starts off the grid (a late payment, a renewal decided late).
     */
    billingAnchor: epochSeconds('billing_anchor'),
    /** A goods plan's delivery address (the customer may change it while live); null for a service. */
    shipping: jsonb('shipping').$type<ShippingDetails>(),
    /**
     * What the customer reads and quotes (receipts, mails, the console's search): `S` and the Korean
     * day it started, then six digits drawn from a sequence (`S260115-738421`), so never a collision.
     */
    number: text('number').notNull().unique().default(subscriptionNumberDefault),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('subscriptions_user_idempotency_key').on(table.userId, table.idempotencyKey),
    // One live subscription per plan and customer, whatever requests race.
    uniqueIndex('subscriptions_one_live_per_plan')
      .on(table.userId, table.planId)
      .where(sql`${table.status} in ('incomplete', 'active', 'past_due')`),
    index('subscriptions_status_idx').on(table.status),
  ],
);

/**
 * Every charge of a subscription: the first (charged at once), renewals and dunning retries
 * (booked at the service). `to_book`: decided here, not yet confirmed booked at the service.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    merchantUid: text('merchant_uid').notNull().unique(),
    kind: text('kind', { enum: ['first', 'renewal', 'retry'] }).notNull(),
    /** 0 for the first charge and a renewal; n for the n-th retry of a failed renewal. */
    attempt: integer('attempt').notNull().default(0),
    /** The period this charge pays for; for the first charge known once it is paid. */
    periodStart: epochSeconds('period_start'),
    periodEnd: epochSeconds('period_end'),
    scheduleAt: epochSeconds('schedule_at'),
    amount: integer('amount').notNull(),
    customerUid: text('customer_uid').notNull(),
    api: portoneApi(),
    /** V2: the service's id of the booking (a V1 booking is found by its merchant_uid). */
    scheduleId: text('schedule_id'),
    /** `refunded`: paid although given up on here (revoked, or declared never made), and refunded. */
    status: text('status', {
      enum: ['pending', 'to_book', 'scheduled', 'paid', 'failed', 'revoked', 'refunded'],
    }).notNull(),
    impUid: text('imp_uid'),
    failReason: text('fail_reason'),
    /** Service clock: when it was paid or failed. */
    settledAt: epochSeconds('settled_at'),
    /** The card receipt of a paid charge (the service's receipt_url). */
    receiptUrl: text('receipt_url'),
    /** What the service's record says was refunded of this charge's payment. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscription_charges_subscription_idx').on(table.subscriptionId),
    // At most one booking waiting at the service per subscription.
    uniqueIndex('subscription_charges_one_open')
      .on(table.subscriptionId)
      .where(sql`${table.status} in ('to_book', 'scheduled')`),
    // A period's renewal (attempt 0) and each retry exist once, however often a webhook is delivered.
    // A charge given up on (revoked, or refunded when it ran anyway) no longer holds its period.
    uniqueIndex('subscription_charges_once_per_period_attempt')
      .on(table.subscriptionId, table.periodStart, table.attempt)
      .where(sql`${table.kind} <> 'first' and ${table.status} not in ('revoked', 'refunded')`),
    index('subscription_charges_on_v2_idx').on(table.api).where(sql`${table.api} = 'v2'`),
  ],
);

/**
 * One box of a goods subscription on its way to the customer, as an order's goods are: one per paid
 * period (made in the transaction that settles its charge) and one for a free trial of goods (0 won,
 * made when the trial starts). `ordered` → `preparing` → `shipped` (carrier, tracking) → `delivered`,
 * steps an operator takes in the console; `cancelled` only when an operator refunded the period's
 * charge in full before it was sent. Cancelling the subscription never stops a box already made: its
 * period is paid (or it is the trial's), and it ships.
 */
export const subscriptionShipments = pgTable(
  'subscription_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The paid charge this box is for; null for a free trial's box. */
    chargeId: uuid('charge_id')
      .unique()
      .references(() => subscriptionCharges.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['trial', 'period'] }).notNull(),
    /** 1 for the subscription's first box, then one more per box. */
    sequence: integer('sequence').notNull(),
    /** The subscription's number and the box's sequence: `S260115-738421-2`. */
    number: text('number').notNull().unique(),
    /** What the label says: the plan's name and the box (`월간 원두 정기배송 2회차`). */
    productName: text('product_name').notNull(),
    /** The period the box is for (service clock). */
    periodStart: epochSeconds('period_start'),
    periodEnd: epochSeconds('period_end'),
    /** Where it goes: the subscription's address when the box was made (changed with it until preparing starts). */
    shipping: jsonb('shipping').$type<ShippingDetails>().notNull(),
    fulfilment: text('fulfilment', { enum: ['ordered', 'preparing', 'shipped', 'delivered', 'cancelled'] })
      .notNull()
      .default('ordered'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Service clock, UNIX seconds. */
    preparingAt: epochSeconds('preparing_at'),
    shippedAt: epochSeconds('shipped_at'),
    deliveredAt: epochSeconds('delivered_at'),
    cancelledAt: epochSeconds('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex('subscription_shipments_sequence').on(table.subscriptionId, table.sequence),
    // The console's queue: boxes to ship and on their way.
    index('subscription_shipments_fulfilment_idx').on(table.fulfilment),
    index('subscription_shipments_user_idx').on(table.userId),
  ],
);

/**
 * A refund promised to a customer (cancel now, pro rata) or accepted from an operator (the
 * console), written before it is asked of the service with what the payment's record held then:
 * the balance (sent as the checksum, so at most one refund of that balance is ever made) and the
 * cancel_history entries already there. An answer that is lost is resolved from the record — the
 * refund was made exactly when a new entry of its amount is there — never from our own totals.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    impUid: text('imp_uid').notNull(),
    /** The order or subscription charge the payment belongs to. */
    merchantUid: text('merchant_uid').notNull(),
    /** The API of the payment refunded (V2: impUid holds its paymentId). */
    api: portoneApi(),
    /** Null only for an owed refund of a payment no order here names (an operator gave the account). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /**
     * `order_cancel`: a customer's cancel before shipping; `order_return`: an operator's approval of a
     * return; `owed`: a refund the shop owed (`owed_refunds`), made once an account was given.
     */
    origin: text('origin', { enum: ['cancel_now', 'operator', 'order_cancel', 'order_return', 'owed'] }).notNull(),
    /** The operator who accepted it (origin `operator`). */
    operatorId: uuid('operator_id'),
    operatorEmail: text('operator_email'),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The payment's refundable balance when it was asked: the checksum of every request for it. */
    checksum: integer('checksum').notNull(),
    /** Keys of the cancel_history entries the record held before it was asked. */
    knownEntries: jsonb('known_entries').$type<string[]>().notNull(),
    /** A 가상계좌 payment goes back by bank transfer: the account every request for it names. */
    refundBank: text('refund_bank'),
    refundAccount: text('refund_account'),
    refundHolder: text('refund_holder'),
    /** `failed`: the service refused it, or another refund came first (its checksum is stale): shown to operators. */
    status: text('status', { enum: ['requested', 'made', 'failed'] })
      .notNull()
      .default('requested'),
    /** The key of its cancel_history entry, once made. */
    entry: text('entry'),
    failure: text('failure'),
    /** Service clock, UNIX seconds. */
    requestedAt: epochSeconds('requested_at').notNull(),
    resolvedAt: epochSeconds('resolved_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refunds_merchant_uid_idx').on(table.merchantUid),
    // One refund in flight per payment: a second waits for the first to be resolved.
    uniqueIndex('refunds_one_requested_per_payment').on(table.impUid).where(sql`${table.status} = 'requested'`),
    // One promise per cancel_history entry: a refund made is one promise's, never claimed by a second.
    uniqueIndex('refunds_one_promise_per_entry').on(table.impUid, table.entry).where(sql`${table.entry} is not null`),
  ],
);

/**
 * A paid 가상계좌 payment that buys nothing (a second deposit for an order already settled, an amount
 * not the order's, a deposit on an order given up on, one no order here accounts for) and that the
 * shop must give back: its money goes back only to an account the customer names, so until one is
 * known the refund is owed — recorded here once per payment, the customer mailed once — and made once
 * (through `refunds`, origin `owed`) when the account is given.
 */
export const owedRefunds = pgTable(
  'owed_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    impUid: text('imp_uid').notNull().unique(),
    merchantUid: text('merchant_uid').notNull(),
    /** The order's customer; null when no order here names the payment (only an operator can give the account). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    /** Why it buys nothing, in the customer's words (the order page, the mail, the console). */
    reason: text('reason').notNull(),
    /** `owed`: waiting for an account; `refunding`: its refund promised (`refund_id`); `refunded`: made. */
    status: text('status', { enum: ['owed', 'refunding', 'refunded'] })
      .notNull()
      .default('owed'),
    refundId: uuid('refund_id'),
    /** The service's refusal of the last refund asked, kept while it is owed again. */
    failure: text('failure'),
    /** Service clock, UNIX seconds. */
    owedAt: epochSeconds('owed_at').notNull(),
    refundedAt: epochSeconds('refunded_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('owed_refunds_merchant_uid_idx').on(table.merchantUid),
    index('owed_refunds_status_idx').on(table.status),
  ],
);

/**
 * Rate-limit counters (lib/rate-limit, rate-limiter-flexible's Drizzle store): one row per limited
 * key (`signin-account:<email>`, `signin-address:<ip>`, …), shared by every app instance.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/** Free trials taken: one per person (the identity hash, kept past the account) and plan. */
export const trialUses = pgTable(
  'trial_uses',
  {
    uniqueKeyHash: text('unique_key_hash').notNull(),
    planId: text('plan_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('trial_uses_once_per_person_plan').on(table.uniqueKeyHash, table.planId)],
);

/**
 * The transactional outbox of customer mail: written in the transaction of the event that causes
 * it, once per (kind, subject, occasion), and sent by the mail worker (lib/mailroom/worker.ts).
 * `due_at` is on the service's clock; `next_attempt_at` (local clock) spaces retries.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'receipt',
        'renewal_reminder',
        'renewal_failed',
        'subscription_ended',
        'refund',
        'card_expiring',
        'trial_ending',
        'price_change',
        'password_reset',
        'email_change',
        'email_change_taken',
        'email_changed',
        'order_update',
        'shipment_update',
        'trial_started',
        'subscription_cancelled',
        'account_withdrawn',
        'vbank_issued',
        'vbank_expired',
        'refund_owed',
      ],
    }).notNull(),
    /** What it is about: an order, a charge, a subscription, a payment or a user. */
    subject: text('subject').notNull(),
    /** Which occurrence: a status, a period's start, a token's id. */
    occasion: text('occasion').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Sent here instead of the user's address (an email change: the new address, or the old one told). */
    recipient: text('recipient'),
    payload: jsonb('payload').$type<Record<string, string | number | null>>().notNull(),
    dueAt: epochSeconds('due_at').notNull(),
    /** `skipped`: no longer true when due (renewal cancelled, trial ended early); `failed`: gave up. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** A claim's lease: a worker that died mid-send leaves the row to be claimed again after it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('mail_outbox_once').on(table.kind, table.subject, table.occasion),
    index('mail_outbox_due_idx').on(table.dueAt).where(sql`${table.status} in ('pending', 'sending')`),
  ],
);

/** Password-reset links: only the token's hash is kept; each is used once and expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * An email change asked for on the account page: it takes effect when the link mailed to the new
 * address is opened (proof of that mailbox), once, before it expires. Only the token's SHA-256 is kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, as users.email. */
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);

/**
 * The consent log: who agreed to what, when (service clock), and the SHA-256 of the exact text
 * the server rendered. Append-only — a database trigger refuses UPDATE and DELETE, and the app
 * only ever inserts (lib/consents). No foreign key: the proof outlives the account.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', {
      enum: ['terms', 'privacy', 'marketing', 'card_registration', 'subscription', 'price_change', 'trial_conversion'],
    }).notNull(),
    /** false only for an optional consent the customer declined (marketing). */
    agreed: boolean('agreed').notNull().default(true),
    termsVersion: text('terms_version').notNull(),
    textSha256: text('text_sha256').notNull(),
    amount: integer('amount'),
    cycle: text('cycle'),
    /** What it is about: a subscription, a card, a price change. */
    subjectId: text('subject_id'),
    /** Service clock, UNIX seconds. */
    givenAt: epochSeconds('given_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('consents_user_idx').on(table.userId, table.givenAt),
    index('consents_subject_idx').on(table.subjectId),
  ],
);

/**
 * The plan catalogue's prices, versioned: a price applies from `effective_from` (service clock) on.
 * Names and periods stay in code (lib/subscriptions/plans.ts); version 1 is the launch price.
 */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: text('plan_id').notNull(),
    version: integer('version').notNull(),
    amount: integer('amount').notNull(),
    effectiveFrom: epochSeconds('effective_from').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('plan_prices_plan_version').on(table.planId, table.version)],
);

/**
 * A subscriber's consent asked for one price change: one row per subscription and price version.
 * `withheld`: the renewal at the new price was not booked for want of consent (the subscription
 * ends with its period unless consent comes in time).
 */
export const priceChangeRequests = pgTable(
  'price_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    planPriceId: uuid('plan_price_id')
      .notNull()
      .references(() => planPrices.id),
    oldAmount: integer('old_amount').notNull(),
    newAmount: integer('new_amount').notNull(),
    effectiveFrom: epochSeconds('effective_from').notNull(),
    /** `declined`: the subscriber said no (the subscription ends with the last period at the old price). */
    status: text('status', { enum: ['requested', 'accepted', 'declined'] })
      .notNull()
      .default('requested'),
    withheld: boolean('withheld').notNull().default(false),
    /** Service clock: when the request was made and when it was accepted. */
    requestedAt: epochSeconds('requested_at').notNull(),
    acceptedAt: epochSeconds('accepted_at'),
    /** Service clock: when the subscriber declined. */
    declinedAt: epochSeconds('declined_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('price_change_requests_once').on(table.subscriptionId, table.planPriceId)],
);

/**
 * The shop's staff (issue 17), apart from customers: accounts made by `npm run operators -- add`,
 * each with one role. `mustChangePassword` until the one-time password printed at creation is replaced.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['viewer', 'refunder', 'admin'] }).notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(true),
  createdAt: createdAt(),
});

/** Operators' sessions: a cookie of their own (`imp_ops_session`), never a customer's. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the random token in the cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * Every operator action, appended in the transaction of its effect (a refused or failed action
 * leaves none). Append-only: a trigger (migration 0006) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: createdAt(),
    /** No foreign key: the log outlives the operator's account. */
    operatorId: uuid('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    /** e.g. `payment.refund`, `subscription.cancel`, `webhook.process`, `reconciliation.run`, `operator.add`. */
    action: text('action').notNull(),
    /** The record acted on: `order`, `subscription_charge`, `subscription`, `webhook_delivery`, … */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    amount: integer('amount'),
    reason: text('reason'),
    note: text('note'),
    /** What came of it, in a short line (e.g. `refunded 3000; 7000 left`). */
    result: text('result').notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetId),
    index('audit_log_operator_idx').on(table.operatorId),
  ],
);

/** Reconciliation runs started from the console, with their reports. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Who started it (an operator's email). */
    startedBy: text('started_by').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    report: jsonb('report'),
    error: text('error'),
  },
  (table) => [index('reconciliation_runs_started_idx').on(table.startedAt)],
);

/** A customer's default delivery address, saved from the order sheet and filled in the next time. */
export const shippingAddresses = pgTable('shipping_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<Omit<ShippingDetails, 'note'>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
