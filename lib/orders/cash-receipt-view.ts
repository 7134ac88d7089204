import type { CashReceiptType } from './cash-receipt-input';

// An order's 현금영수증 as its page and the console show it. Client-safe.

export type CashReceiptStatus = 'requested' | 'issued' | 'cancelled' | 'failed';

export interface CashReceiptView {
  status: CashReceiptStatus;
  type: CashReceiptType;
  /** Never the whole number: the last four digits behind a mask (`***-****-5678`). */
  identifier: string;
  /** 승인번호, once issued. */
  applyNum: string | null;
}

/** The order page's answer: the receipt (if one was asked for) and whether the customer may ask now. */
export interface CashReceiptState {
  cashReceipt: CashReceiptView | null;
  mayRequest: boolean;
}

export const cashReceiptStatusLabel: Record<CashReceiptStatus, string> = {
  requested: '발급 대기',
  issued: '발급 완료',
  cancelled: '발급 취소',
  failed: '발급 실패',
};

/** The last four digits behind the shape of a phone number or a business number. */
export function maskedIdentifier(type: CashReceiptType, digits: string): string {
  const last4 = digits.slice(-4);
  return type === 'person' ? `***-****-${last4}` : `***-**-*${last4}`;
}
