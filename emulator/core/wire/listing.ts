// Query parameters of the list endpoints (GET /payments/status/…, GET /subscribe/payments/
// schedule/customers/…) read as the Swagger file describes them: 1-based `page`, `limit` up to
// 1,000, a time range of at most 90 days, `include_sandbox`. Bad values are a 400 naming the field.
import { invalid } from './errors';
import { type Body, optionalFlag, optionalInteger } from './fields';

/** "검색기간은 최대 90일" (payments by status); schedules allow "최대 3개월", read as the same. */
export const MAX_RANGE_SECONDS = 90 * 86_400;

const queryBody = (query: URLSearchParams): Body => Object.fromEntries(query);

function boundedInteger(query: URLSearchParams, field: string, min: number, max: number): number | null {
  const value = optionalInteger(queryBody(query), field);
  if (value !== null && (value < min || value > max)) throw invalid(field, `${min} 이상 ${max} 이하여야 합니다.`);
  return value;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** `page`, 1-based (default 1). */
export const readPageNumber = (query: URLSearchParams): number =>
  boundedInteger(query, 'page', 1, Number.MAX_SAFE_INTEGER) ?? 1;

export function readPage(query: URLSearchParams, defaultLimit = 20): PageRequest {
  return { page: readPageNumber(query), limit: boundedInteger(query, 'limit', 1, 1000) ?? defaultLimit };
}

export interface TimeRange {
  from: number;
  to: number;
}

/**
 * A time range from two query parameters. Without them: `to` is now and `from` 90 days before
 * `to` (payments by status); `required` makes both mandatory (schedules of a customer).
 */
export function readRange(
  query: URLSearchParams,
  now: number,
  names: { from: string; to: string },
  required = false,
): TimeRange {
  const from = boundedInteger(query, names.from, 0, Number.MAX_SAFE_INTEGER);
  const to = boundedInteger(query, names.to, 0, Number.MAX_SAFE_INTEGER);
  if (required && from === null) throw invalid(names.from, '필수 항목입니다.');
  if (required && to === null) throw invalid(names.to, '필수 항목입니다.');
  const end = to ?? now;
  const start = from ?? Math.max(0, end - MAX_RANGE_SECONDS);
  if (start > end) throw invalid(names.from, `${names.to}보다 늦을 수 없습니다.`);
  if (end - start > MAX_RANGE_SECONDS) throw invalid(names.to, '검색기간은 최대 90일입니다.');
  return { from: start, to: end };
}

/** `include_sandbox=true` lists and finds test-channel payments too (default: they are left out). */
export const includeSandbox = (query: URLSearchParams): boolean =>
  optionalFlag(queryBody(query), 'include_sandbox') ?? false;

/** One page of a sorted list: the real service's `{ total, previous, next, list }` (0 = no such page). */
export function pageOf<T>(items: T[], { page, limit }: PageRequest) {
  const pages = Math.max(1, Math.ceil(items.length / limit));
  if (page > pages) throw invalid('page', `데이터 범위를 넘어선 페이지입니다 (마지막 페이지: ${pages}).`);
  return {
    total: items.length,
    previous: page - 1,
    next: page < pages ? page + 1 : 0,
    list: items.slice((page - 1) * limit, page * limit),
  };
}
