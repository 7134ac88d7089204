// Table definitions only. No 'server-only' marker here: drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
