// Table definitions only. No 'server-only' marker here: drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ShippingDetails } from '../shared/shipping';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; uniqueness is case-insensitive by construction. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** The certified identity (issue: signup with identity certification). */
  name: text('name').notNull(),
  birthday: date('birthday').notNull(),
  gender: text('gender', { enum: ['male', 'female'] }).notNull(),
  /** Keyed hash of the service's unique_key (CI): one account per person without keeping the CI. */
  uniqueKeyHash: text('unique_key_hash').notNull().unique(),
  uniqueInSite: text('unique_in_site').notNull(),
  /** Service clock, UNIX seconds. */
  certifiedAt: integer('certified_at').notNull(),
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
  certifiedAt: integer('certified_at'),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerUid: text('customer_uid').notNull().unique(),
    status: text('status', { enum: ['pending', 'active', 'removed'] })
      .notNull()
      .default('pending'),
    registeredVia: text('registered_via', { enum: ['window', 'key_in'] }),
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
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantUid: text('merchant_uid').notNull().unique(),
    productId: text('product_id').notNull(),
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
     * `refunded`: the service's record did not match the order and the payment was cancelled.
     * `awaiting`: a convenience-store barcode is issued and waits for the customer at a store;
     * `cancelled`: that barcode was cancelled before it was collected.
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
    collectBy: integer('collect_by'),
    /** Service clock, UNIX seconds. */
    paidAt: integer('paid_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    // Reconciliation looks for orders still open.
    index('orders_status_idx').on(table.status),
    uniqueIndex('orders_user_idempotency_key').on(table.userId, table.idempotencyKey),
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
      .references(() => users.id, { onDelete: 'cascade' }),
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
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: integer('current_period_start'),
    currentPeriodEnd: integer('current_period_end'),
    endedAt: integer('ended_at'),
    endReason: text('end_reason', { enum: ['customer', 'payment_failed'] }),
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
    periodStart: integer('period_start'),
    periodEnd: integer('period_end'),
    scheduleAt: integer('schedule_at'),
    amount: integer('amount').notNull(),
    customerUid: text('customer_uid').notNull(),
    /** `refunded`: paid although given up on here (revoked, or declared never made), and refunded. */
    status: text('status', {
      enum: ['pending', 'to_book', 'scheduled', 'paid', 'failed', 'revoked', 'refunded'],
    }).notNull(),
    impUid: text('imp_uid'),
    failReason: text('fail_reason'),
    /** Service clock: when it was paid or failed. */
    settledAt: integer('settled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('subscription_charges_subscription_idx').on(table.subscriptionId),
    // At most one booking waiting at the service per subscription.
    uniqueIndex('subscription_charges_one_open')
      .on(table.subscriptionId)
      .where(sql`${table.status} in ('to_book', 'scheduled')`),
    // A period's renewal (attempt 0) and each retry exist once, however often a webhook is delivered.
    uniqueIndex('subscription_charges_once_per_period_attempt')
      .on(table.subscriptionId, table.periodStart, table.attempt)
      .where(sql`${table.kind} <> 'first' and ${table.status} <> 'revoked'`),
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

/** A customer's default delivery address, saved from the order sheet and filled in the next time. */
export const shippingAddresses = pgTable('shipping_addresses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<Omit<ShippingDetails, 'note'>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
