// Readers for V2 request fields (JSON bodies and query strings): each failure is INVALID_REQUEST
// naming the field, raised before anything changes.
import type { V2Customer } from '../core/store/v2-records';
import { invalidRequest } from './errors';

export type Json = Record<string, unknown>;

const absent = (value: unknown) => value === undefined || value === null;

export function optionalString(body: Json, field: string, max = 200): string | null {
  const value = body[field];
  if (absent(value)) return null;
  if (typeof value !== 'string') throw invalidRequest(`${field}: 문자열이어야 합니다.`);
  if (value.length > max) throw invalidRequest(`${field}: 최대 ${max}자까지 입력할 수 있습니다.`);
  return value;
}

export function requiredString(body: Json, field: string, max = 200): string {
  const value = optionalString(body, field, max);
  if (value === null || value === '') throw invalidRequest(`${field}: 필수 항목입니다.`);
  return value;
}

export function optionalInteger(body: Json, field: string, min = 0): number | null {
  const value = body[field];
  if (absent(value)) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min)
    throw invalidRequest(`${field}: ${min} 이상의 정수여야 합니다.`);
  return value;
}

export function optionalObject(body: Json, field: string): Json | null {
  const value = body[field];
  if (absent(value)) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`${field}: 객체여야 합니다.`);
  return value as Json;
}

export function optionalBoolean(body: Json, field: string): boolean | null {
  const value = body[field];
  if (absent(value)) return null;
  if (typeof value !== 'boolean') throw invalidRequest(`${field}: true 또는 false여야 합니다.`);
  return value;
}

export function optionalStrings(body: Json, field: string, maxItems = 100): string[] | null {
  const value = body[field];
  if (absent(value)) return null;
  if (!Array.isArray(value) || value.length > maxItems || value.some((v) => typeof v !== 'string'))
    throw invalidRequest(`${field}: 최대 ${maxItems}개의 문자열 배열이어야 합니다.`);
  return value as string[];
}

/** An RFC 3339 date-time as UNIX seconds. */
export function optionalTime(body: Json, field: string): number | null {
  const value = optionalString(body, field, 40);
  if (value === null) return null;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw invalidRequest(`${field}: RFC 3339 날짜·시각이어야 합니다.`);
  return Math.floor(ms / 1000);
}

/** A body's `amount` object `{ total, taxFree?, vat? }` (payWithBillingKey, instant, schedule). */
export function amountOf(body: Json): { total: number; tax_free: number } {
  const amount = optionalObject(body, 'amount');
  if (!amount) throw invalidRequest('amount: 필수 항목입니다.');
  const total = optionalInteger(amount, 'total', 1);
  if (total === null) throw invalidRequest('amount.total: 필수 항목입니다.');
  const taxFree = optionalInteger(amount, 'taxFree') ?? 0;
  if (taxFree > total) throw invalidRequest('amount.taxFree: total보다 클 수 없습니다.');
  return { total, tax_free: taxFree };
}

const CURRENCY = /^[A-Z]{3}$/;

export function currencyOf(body: Json): string {
  const currency = requiredString(body, 'currency', 3);
  if (!CURRENCY.test(currency)) throw invalidRequest('currency: 통화 코드여야 합니다 (예: KRW).');
  return currency;
}

/** OpenAPI `CustomerInput` as the stored customer (the name's `full`, or its parts joined). */
export function customerOf(body: Json): V2Customer {
  const input = optionalObject(body, 'customer');
  if (!input) return {};
  const name = optionalObject(input, 'name');
  const separated = name && optionalObject(name, 'separated');
  const full =
    (name && optionalString(name, 'full', 100)) ??
    (separated
      ? [optionalString(separated, 'last', 50), optionalString(separated, 'first', 50)].filter(Boolean).join('')
      : null);
  const customer: V2Customer = {};
  const id = optionalString(input, 'id', 100);
  const email = optionalString(input, 'email', 200);
  const phone = optionalString(input, 'phoneNumber', 40);
  const zipcode = optionalString(input, 'zipcode', 20);
  if (id) customer.id = id;
  if (full) customer.name = full;
  if (email) customer.email = email;
  if (phone) customer.phoneNumber = phone;
  if (zipcode) customer.zipcode = zipcode;
  return customer;
}

/** `page: { number, size }` (default 0 and 10, at most 1000) of a list body. */
export function pageOf(body: Json): { number: number; size: number } {
  const page = optionalObject(body, 'page') ?? {};
  const size = optionalInteger(page, 'size', 1) ?? 10;
  if (size > 1000) throw invalidRequest('page.size: 최대 1000입니다.');
  return { number: optionalInteger(page, 'number') ?? 0, size };
}

/** One page of a list, and the page info the answer carries. */
export function paged<T, W>(items: T[], body: Json, wire: (item: T) => W) {
  const page = pageOf(body);
  const slice = items.slice(page.number * page.size, (page.number + 1) * page.size);
  return { items: slice.map(wire), page: { number: page.number, size: slice.length, totalCount: items.length } };
}
