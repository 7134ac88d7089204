// The agreements of signup: shown (each readable in full) on the signup page and rendered again
// by the server for the consent log's hash — one text, both sides, like the card consent.

export type SignupTermKind = 'terms' | 'privacy' | 'marketing';

export interface SignupTerm {
  kind: SignupTermKind;
  /** A change of wording is a new version. */
  version: string;
  title: string;
  required: boolean;
  /** The full text, one paragraph per line. */
  body: string[];
}

export const SIGNUP_TERMS: readonly SignupTerm[] = [
  {
    kind: 'terms',
    version: 'terms-2026-11-v1',
    title: '이용약관',
    required: true,
    body: [
      '제1조(목적) 이 약관은 임프 상점(이하 "상점")이 제공하는 상품 판매와 정기구독 서비스의 이용 조건과 절차, 상점과 회원의 권리·의무를 정합니다.',
      '제2조(회원가입) 회원가입은 휴대폰 본인인증을 마친 만 19세 이상인 분이 이 약관과 개인정보 수집·이용에 동의하고 이메일과 비밀번호를 정하면 이루어집니다. 한 분은 하나의 계정만 가질 수 있습니다.',
      '제3조(결제) 상품과 정기구독의 금액은 결제 전에 안내하며, 등록한 카드로 결제할 때에는 결제할 때마다 금액을 먼저 보여 드립니다.',
      '제4조(청약철회와 환불) 회원은 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 청약을 철회할 수 있으며, 정기구독을 즉시 해지하면 남은 기간의 금액을 일할(또는 시간) 계산하여 환불합니다.',
      '제5조(회원탈퇴) 회원은 내 계정에서 언제든 탈퇴할 수 있습니다. 탈퇴하면 이용 중인 정기구독은 즉시 해지·환불되고 등록한 카드 정보는 결제 서비스에서 삭제되며, 법령이 보관을 정한 거래 기록만 정해진 기간 동안 보관합니다.',
      '제6조(약관의 변경) 약관을 바꿀 때에는 적용일 7일 전부터 공지하며, 회원에게 불리한 변경은 30일 전부터 알립니다.',
    ],
  },
  {
    kind: 'privacy',
    version: 'privacy-2026-11-v1',
    title: '개인정보 수집·이용 동의',
    required: true,
    body: [
      '수집 항목: 이메일, 비밀번호(암호화하여 보관), 본인인증 결과(이름, 생년월일, 성별, 연계정보(CI)의 암호화 값), 주문 시 받는 분·연락처·배송지, 카드사와 가려진 카드 번호.',
      '이용 목적: 회원 식별과 본인 확인, 중복 가입 방지, 상품 배송과 결제·환불, 고객 문의 응대.',
      '보유 기간: 회원탈퇴 시까지. 다만 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 계약·청약철회와 대금결제·재화공급에 관한 기록은 5년, 소비자 불만·분쟁 처리에 관한 기록은 3년, 표시·광고에 관한 기록은 6개월 동안 보관합니다.',
      '동의를 거부할 권리가 있으며, 거부하시면 회원가입을 할 수 없습니다.',
    ],
  },
  {
    kind: 'marketing',
    version: 'marketing-2026-11-v1',
    title: '마케팅 정보 수신',
    required: false,
    body: [
      '새 상품, 할인과 이벤트 소식을 이메일로 보내 드립니다.',
      '동의하지 않아도 회원가입과 모든 서비스를 이용할 수 있으며, 내 계정에서 언제든 동의를 철회할 수 있습니다.',
      '주문·결제·정기구독에 관한 안내는 동의 여부와 관계없이 보내 드립니다.',
    ],
  },
];

export const signupTerm = (kind: SignupTermKind): SignupTerm => {
  const term = SIGNUP_TERMS.find((candidate) => candidate.kind === kind);
  if (!term) throw new Error(`no signup term ${kind}`);
  return term;
};

/** What the page sends for each agreement: the box's state and the version it showed. */
export interface TermAnswer {
  agreed: boolean;
  version: string;
}
export type SignupConsents = Record<SignupTermKind, TermAnswer>;

/** The answers for the boxes as checked, for the versions shown now. */
export const signupConsents = (checked: Record<SignupTermKind, boolean>): SignupConsents => ({
  terms: { agreed: checked.terms, version: signupTerm('terms').version },
  privacy: { agreed: checked.privacy, version: signupTerm('privacy').version },
  marketing: { agreed: checked.marketing, version: signupTerm('marketing').version },
});
