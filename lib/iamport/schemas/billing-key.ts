import 'server-only';
import { z } from 'zod';
import { type Known, looseInteger, sandbox, text, timestamp } from './primitives';

/** The stored card behind a customer_uid (the billing key itself never leaves the service). */
export const billingKeySchema = z.looseObject({
  customer_uid: z.string().min(1),
  pg_provider: text,
  pg_id: text,
  card_name: text,
  card_code: text,
  /** Masked. */
  card_number: text,
  /** 0 credit, 1 debit. */
  card_type: looseInteger,
  customer_name: text,
  customer_tel: text,
  customer_email: text,
  customer_addr: text,
  customer_postcode: text,
  inserted: timestamp,
  updated: timestamp,
  /** Issued through a test channel: its charges are sandbox too. */
  sandbox,
});

export type BillingKey = Known<z.output<typeof billingKeySchema>>;
