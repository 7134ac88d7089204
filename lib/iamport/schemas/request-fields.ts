import 'server-only';
import { z } from 'zod';

// Request fields with the spec's limits and formats, checked before anything is sent so that a bad
// call fails here with the field's name instead of at the service (or, worse, half-way through).
// Messages never echo the value: some of these fields are card data.

const upTo = (max: number) => z.string().min(1, 'must not be empty').max(max, `at most ${max} characters`);

export const id = z.string().min(1, 'must not be empty').max(200, 'at most 200 characters');
export const merchantUid = upTo(40);
/** The emulator's limit; the real service documents none. */
export const customerUid = upTo(80);
export const amount = z
  .number({ error: 'expected a number' })
  .finite('expected a finite number')
  .positive('must be greater than 0');
export const unixSeconds = z.number({ error: 'expected UNIX seconds' }).int('expected whole seconds').positive();

/** A bank's standard three-digit code (금융결제원). */
export const bankCode = z.string().regex(/^\d{3}$/, 'expected a 3-digit bank code');
/** An account number as people type it: 8 to 16 digits, dashes and spaces allowed. */
export const bankAccount = z
  .string()
  .max(30, 'at most 30 characters')
  .regex(/^[\d\s-]+$/, 'expected digits and dashes')
  .refine((value) => /^\d{8,16}$/.test(value.replace(/\D/g, '')), 'expected 8 to 16 digits');

/** Buyer fields: the spec's Limits table. */
export const buyerFields = {
  buyer_name: upTo(16).optional(),
  buyer_email: upTo(64).optional(),
  buyer_tel: upTo(16).optional(),
  buyer_addr: upTo(128).optional(),
  buyer_postcode: upTo(8).optional(),
};

/** Card data for key-in registration and charges. */
export const cardFields = {
  // 16 digits as the spec writes them; AMEX's 15 (34/37) as printed, 4-6-5, which Korean PGs take too.
  card_number: z
    .string()
    .regex(
      /^(\d{4}-\d{4}-\d{4}-\d{4}|3[47]\d{2}-\d{6}-\d{5})$/,
      'expected XXXX-XXXX-XXXX-XXXX, or XXXX-XXXXXX-XXXXX for AMEX (digits)',
    ),
  expiry: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected YYYY-MM'),
  birth: z.string().regex(/^(\d{6}|\d{10})$/, 'expected YYMMDD, or the 10-digit business number of a corporate card'),
  pwd_2digit: z
    .string()
    .regex(/^\d{2}$/, 'expected the first 2 digits of the card password')
    .optional(),
};

/** Echo data stored with the payment; the service keeps it as a JSON string. */
export const customData = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .optional();

export const url = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
