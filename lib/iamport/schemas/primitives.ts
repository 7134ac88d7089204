import 'server-only';
import { z } from 'zod';

// Tolerant readers for response fields. The spec types timestamps as strings and the sample
// schema as numbers, and the real service sends null or nothing for fields it does not know; the
// app gets one shape either way.

const digits = /^-?\d+$/;

/** UNIX seconds as a number or a string of digits; 0 when unset (0, null, absent or ""). */
export const timestamp = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return 0;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    if (typeof value === 'string' && digits.test(value) && !value.startsWith('-')) return Number(value);
    ctx.issues.push({
      code: 'custom',
      message: 'expected UNIX seconds (an integer or a string of digits)',
      input: value,
    });
    return z.NEVER;
  });

/** An integer that may arrive as a string (card_type, the deprecated birth); null when unset. */
export const looseInteger = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && digits.test(value)) return Number(value);
    ctx.issues.push({ code: 'custom', message: 'expected an integer', input: value });
    return z.NEVER;
  });

/** A string the service may omit or send as null. */
export const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? null);

/**
 * `sandbox` (the service's test channels, from 2026-01-26): true when made through a test channel.
 * An answer without it predates test channels, so it is live: false.
 */
export const sandbox = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** Money: a number (the spec's integer or double); a string of digits is accepted too. */
export const money = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ],
  {
    error: 'expected an amount',
  },
);

/** custom_data is a JSON string on the wire; an object is tolerated and kept as its JSON text. */
export const customData = z
  .unknown()
  .optional()
  .transform((value) =>
    value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value),
  );

/** What a payment and a booked charge both carry of the order: its name, the buyer, the custom data. */
export const orderFields = {
  name: text,
  buyer_name: text,
  buyer_email: text,
  buyer_tel: text,
  buyer_addr: text,
  buyer_postcode: text,
  custom_data: customData,
};

export const paymentStatus = z.enum(['ready', 'paid', 'cancelled', 'failed']);
export type PaymentStatus = z.output<typeof paymentStatus>;

/** A schema's output without the index signature `.loose()` adds: extra fields stay at run time, but
 * the app's types list only the known ones, so a misspelt field is a type error. */
export type Known<T> = T extends readonly (infer Item)[]
  ? Known<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;
