import type { CheckoutMethod } from '@/lib/payments/client';

// What the order sheet says for each way to pay: the button (what the click does, in the method's
// name) and the one line of what happens next, as a Korean shop words them.

export const payButtonLabel: Record<CheckoutMethod, string> = {
  card: '신용·체크카드로 결제하기',
  kakaopay: '카카오페이로 결제하기',
  naverpay: '네이버페이로 결제하기',
  tosspay: '토스페이로 결제하기',
  vbank: '가상계좌 발급받기',
  trans: '실시간 계좌이체로 결제하기',
  phone: '휴대폰으로 결제하기',
};

export const payMethodHint: Record<CheckoutMethod, string> = {
  card: '결제창에서 카드 정보를 입력합니다.',
  kakaopay: '카카오페이 결제창에서 결제를 승인합니다.',
  naverpay: '네이버페이 결제창에서 결제를 승인합니다.',
  tosspay: '토스페이 결제창에서 결제를 승인합니다.',
  vbank: '이 주문만의 입금 계좌를 발급합니다. 입금 기한 안에 입금하면 결제가 완료됩니다.',
  trans: '결제창에서 은행을 골라 바로 이체합니다.',
  phone: '휴대폰 인증 후 이번 달 통신 요금과 함께 청구됩니다.',
};

/** While the window is open: what the customer does there. */
export const windowOpenLabel: Record<CheckoutMethod, string> = {
  card: '결제창에서 카드 정보를 입력해 주세요.',
  kakaopay: '카카오페이 결제창에서 결제를 승인해 주세요.',
  naverpay: '네이버페이 결제창에서 결제를 승인해 주세요.',
  tosspay: '토스페이 결제창에서 결제를 승인해 주세요.',
  vbank: '결제창에서 입금할 은행을 선택해 주세요.',
  trans: '결제창에서 이체할 은행을 선택해 주세요.',
  phone: '결제창에서 휴대폰 인증을 마쳐 주세요.',
};
