// The console's 입금 대기 queue (/ops/deposits): 가상계좌 orders waiting for their deposit, by due
// time, with those due within a day and those past due (not yet swept) marked. Client-safe.
import { z } from 'zod';
import { type Page, pageFields } from './lists';

/** Due within this long on the service's clock: 곧 마감. */
export const DUE_SOON_SECONDS = 24 * 60 * 60;

export const DEPOSIT_STATES = ['waiting', 'due_soon', 'expired'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const depositStateLabel: Record<DepositState, string> = {
  waiting: '입금 대기',
  due_soon: '곧 마감',
  expired: '기한 지남',
};

export const depositFiltersSchema = z.object({
  /** Only those due within a day, or only those past due. */
  state: z.enum(['due_soon', 'expired'], { error: '상태를 목록에서 골라 주세요.' }).optional(),
  ...pageFields,
});
export type DepositFilters = z.infer<typeof depositFiltersSchema>;

/** Where a due time stands against the service's clock. */
export function depositState(due: number | null, now: number): DepositState {
  if (due === null) return 'waiting';
  if (due <= now) return 'expired';
  return due - now <= DUE_SOON_SECONDS ? 'due_soon' : 'waiting';
}

export interface DepositRow {
  merchantUid: string;
  orderNumber: string;
  productName: string;
  amount: number;
  customerEmail: string;
  bankName: string | null;
  accountNumber: string | null;
  holder: string | null;
  /** Service clock, UNIX seconds. */
  due: number | null;
  state: DepositState;
  /** ISO 8601 */
  createdAt: string;
}

/** A page of the queue, with the service's clock it was judged by. */
export interface DepositPage extends Page<DepositRow> {
  now: number;
}
