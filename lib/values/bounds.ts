// Bounds every route's input is held to (both sides: the console's forms validate with them too), so
// that no value the database or the service cannot hold ever reaches them: a bad value is a 400.
import { z } from 'zod';

/** The largest amount the integer columns hold (orders, charges, prices, refunds); far above any payment. */
export const MAX_WON = 2_147_483_647;

/** Calendar days accepted in filters and dates: 2000-01-01 to 2099-12-31. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

/** A real calendar day (no 2026-02-30) in the accepted range, as YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || value < FIRST_DAY || value > LAST_DAY) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDay = z
  .string()
  .refine(isCalendarDay, `${FIRST_DAY}부터 ${LAST_DAY} 사이의 날짜를 YYYY-MM-DD 형식으로 입력해 주세요.`);

/** A whole number of won, 1 to MAX_WON. */
export const wonAmount = (message = '1원 이상의 정수여야 합니다.') =>
  z
    .number({ error: '금액을 입력해 주세요.' })
    .int('원 단위 정수로 입력해 주세요.')
    .min(1, message)
    .max(MAX_WON, '금액이 너무 큽니다.');
