// Readers for request fields. JSON and form bodies arrive as the same record; form values are
// strings, so numbers and booleans are accepted as numeric/boolean text too. Every failure names
// the field (HTTP 400, code -1) and is raised before anything changes.

import type { Buyer } from '../store/records';
import { invalid, ServiceError } from './errors';

export type Body = Record<string, unknown>;

const absent = (value: unknown) => value === undefined || value === null || value === '';

interface TextRule {
  max?: number;
  pattern?: RegExp;
  /** Says what the pattern wants, e.g. "YYYY-MM". */
  format?: string;
}

export function optionalText(body: Body, field: string, rule: TextRule = {}): string | null {
  const value = body[field];
  if (absent(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(field, '문자열이어야 합니다.');
  const text = String(value);
  if (rule.max !== undefined && text.length > rule.max)
    throw invalid(field, `최대 ${rule.max}자까지 입력할 수 있습니다.`);
  if (rule.pattern && !rule.pattern.test(text)) throw invalid(field, `형식이 올바르지 않습니다 (${rule.format}).`);
  return text;
}

export function requiredText(body: Body, field: string, rule: TextRule = {}): string {
  const text = optionalText(body, field, rule);
  if (text === null) throw invalid(field, '필수 항목입니다.');
  return text;
}

/** A list of texts (a JSON array, or form `field[]=…`), each checked by `rule`; null when absent. */
export function optionalTextList(body: Body, field: string, rule: TextRule & { maxItems: number }): string[] | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalid(field, '배열이어야 합니다.');
  if (value.length > rule.maxItems) throw invalid(field, `최대 ${rule.maxItems}개까지 입력할 수 있습니다.`);
  return value.map((item, i) => requiredText({ [`${field}[${i}]`]: item }, `${field}[${i}]`, rule));
}

function toNumber(field: string, value: unknown): number {
  const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(field, '숫자여야 합니다.');
  return n;
}

export function optionalNumber(body: Body, field: string): number | null {
  return absent(body[field]) ? null : toNumber(field, body[field]);
}

/** A yes/no flag: a JSON boolean, or `true`/`false`/`1`/`0` as form text. */
export function optionalFlag(body: Body, field: string): boolean | null {
  const value = body[field];
  if (absent(value)) return null;
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  throw invalid(field, 'true 또는 false여야 합니다.');
}

/** An amount of money: a finite number above zero (or zero when `allowZero`). */
export function amountField(body: Body, field = 'amount', allowZero = false): number {
  const value = optionalNumber(body, field);
  if (value === null) throw invalid(field, '필수 항목입니다.');
  if (value < 0 || (!allowZero && value === 0)) throw invalid(field, '0보다 커야 합니다.');
  return value;
}

export function optionalInteger(body: Body, field: string): number | null {
  const value = optionalNumber(body, field);
  if (value !== null && !Number.isInteger(value)) throw invalid(field, '정수여야 합니다.');
  return value;
}

/** What one request may make the emulator keep: echo data, notice URLs, items of a list. */
export const LIMITS = { customData: 64 * 1024, urls: 5, urlLength: 2000, listItems: 100 } as const;

/** Echo data: kept as a JSON string; a string is taken as already serialised. */
export function customData(body: Body, field = 'custom_data'): string | null {
  const value = body[field];
  if (absent(value)) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length > LIMITS.customData) throw invalid(field, `최대 ${LIMITS.customData}자까지 입력할 수 있습니다.`);
  return text;
}

/** A URL or a list of URLs (notice_url may be either). */
export function urlList(body: Body, field: string): string[] {
  const value = body[field];
  if (absent(value)) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > LIMITS.urls) throw invalid(field, `최대 ${LIMITS.urls}개까지 입력할 수 있습니다.`);
  return list.map((item, i) => {
    const name = Array.isArray(value) ? `${field}[${i}]` : field;
    if (typeof item !== 'string' || item.length > LIMITS.urlLength || !URL.canParse(item))
      throw invalid(name, 'URL이어야 합니다.');
    return item;
  });
}

/** A list field with at most LIMITS.listItems items. */
export function boundedList(value: unknown[], field: string): unknown[] {
  if (value.length > LIMITS.listItems) throw invalid(field, `최대 ${LIMITS.listItems}개까지 입력할 수 있습니다.`);
  return value;
}

/** The buyer fields with the spec's limits. */
export function buyerFields(body: Body): Buyer {
  return {
    buyer_name: optionalText(body, 'buyer_name', { max: 16 }),
    buyer_email: optionalText(body, 'buyer_email', { max: 64 }),
    buyer_tel: optionalText(body, 'buyer_tel', { max: 16 }),
    buyer_addr: optionalText(body, 'buyer_addr', { max: 128 }),
    buyer_postcode: optionalText(body, 'buyer_postcode', { max: 8 }),
  };
}

export const merchantUidField = (body: Body) => requiredText(body, 'merchant_uid', { max: 40 });
export const currencyField = (body: Body) =>
  optionalText(body, 'currency', { pattern: /^[A-Z]{3}$/, format: 'KRW, USD, EUR' }) ?? 'KRW';

/** A nested object (e.g. one schedule item) read as its own body. */
export function objectAt(value: unknown, field: string): Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(field, '객체여야 합니다.');
  return value as Body;
}

/** Runs every check and answers every problem found ("field: problem"), not only the first. */
export function problemsOf(checks: (() => unknown)[]): string[] {
  const found: string[] = [];
  for (const check of checks) {
    try {
      check();
    } catch (error) {
      if (!(error instanceof ServiceError) || error.status !== 400) throw error;
      found.push(error.message);
    }
  }
  return found;
}

/** Reads a nested object's fields so that errors name the full path, e.g. `schedules[0].amount`. */
export function within<T>(prefix: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) {
      throw new ServiceError(400, error.code, `${prefix}.${error.message}`);
    }
    throw error;
  }
}
