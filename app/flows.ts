/** The demo merchant's flows, in the order a visitor meets them. */
export const flows = [
  { href: '/signup', title: '회원가입', description: '휴대폰 본인인증으로 가입합니다.' },
  {
    href: '/products',
    title: '상품',
    description: '카드, 간편결제, 가상계좌, 계좌이체, 휴대폰으로 결제하거나 등록한 카드로 바로 구매합니다.',
  },
  { href: '/account/cards', title: '카드 관리', description: '정기결제에 쓸 카드를 등록하고 관리합니다.' },
  { href: '/account/orders', title: '주문 내역', description: '결제 상태와 영수증을 확인합니다.' },
  { href: '/account/subscriptions', title: '정기구독', description: '구독을 시작하고 다음 결제를 확인합니다.' },
  { href: '/cvs', title: '편의점 결제', description: '편의점 바코드 결제 (지원 종료 예정).' },
] as const;
