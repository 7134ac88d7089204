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
    version: 'terms-2026-11-v3',
    title: '이용약관',
    required: true,
    body: [
      '제1조(목적) 이 약관은 임프 상점(이하 "상점")이 운영하는 인터넷 쇼핑몰에서 제공하는 상품 판매와 정기구독 서비스(이하 "서비스")를 이용하는 조건과 절차, 상점과 회원의 권리·의무와 책임을 정합니다.',
      '제2조(정의) "회원"은 이 약관에 동의하고 휴대폰 본인인증을 거쳐 가입한 분을, "정기구독"은 회원이 정한 주기마다 등록한 카드로 요금이 결제되는 서비스를, "청약철회"는 구매 후 일정 기간 안에 계약을 없던 것으로 하는 것을 말합니다.',
      '제3조(약관의 게시와 변경) 상점은 이 약관과 상호, 대표자, 영업소 주소, 사업자등록번호, 통신판매업 신고번호, 연락처를 쇼핑몰 첫 화면 아래에 게시합니다. 약관을 바꿀 때에는 적용일 7일 전부터, 회원에게 불리한 변경은 30일 전부터 공지하고 이메일로 알립니다. 바뀐 약관에 동의하지 않는 회원은 탈퇴할 수 있습니다.',
      '제4조(회원가입) 회원가입은 휴대폰 본인인증을 마친 만 19세 이상인 분이 이 약관과 개인정보 수집·이용에 동의하고 이메일과 비밀번호를 정하면 이루어집니다. 한 분은 하나의 계정만 가질 수 있으며, 다른 사람의 정보로 가입한 계정은 이용을 제한할 수 있습니다.',
      '제5조(회원탈퇴) 회원은 내 계정에서 언제든 탈퇴할 수 있습니다. 탈퇴하면 이용 중인 정기구독은 즉시 해지되며, 이용 기간에 따라 요금이 정해지는 구독은 남은 기간의 금액이 일할 환불되고, 상품을 배송하는 구독은 이미 발송된 기간의 금액은 환불되지 않고 다음 배송과 결제가 멈춥니다. 등록한 카드 정보는 결제 서비스에서 삭제되며, 법령이 보관을 정한 거래 기록만 정해진 기간 동안 보관합니다. 탈퇴 전에 결제한 주문은 탈퇴 후에도 배송되며, 그 주문의 배송 문의와 청약철회는 고객센터에서 받습니다.',
      '제6조(구매 신청과 계약의 성립) 회원은 상품, 수량, 받는 분과 배송지, 결제 수단을 확인한 뒤 결제에 동의하여 구매를 신청합니다. 상점이 결제 완료를 알리면 계약이 성립하며, 주문 내용은 주문 내역과 이메일로 확인할 수 있습니다.',
      '제7조(결제) 상품과 정기구독의 금액, 배송비는 결제 전에 표시합니다. 결제는 결제 서비스(결제대행사)를 통해 신용카드로 하며, 등록한 카드로 결제할 때에는 결제할 때마다 금액을 먼저 보여 드립니다. 카드 번호 등 카드 정보는 결제대행사가 보관하고 상점은 가려진 카드 번호만 보관합니다.',
      '제8조(정기구독) 정기구독은 가입할 때 안내한 금액과 주기로 자동 결제됩니다. 결제 예정일 전에 안내 메일을 보내며, 회원은 언제든 기간 끝 해지(남은 기간은 계속 이용) 또는 즉시 해지를 선택할 수 있습니다. 요금을 바꿀 때에는 30일 전에 알리고 동의를 받습니다. 무료 체험이 있는 구독은 체험이 끝나기 7일 전에 유료 전환을 알립니다.',
      '제9조(배송) 상점은 결제가 완료된 날부터 7일 안에 상품을 발송합니다. 배송 일정이 늦어지는 경우 그 사유와 예정일을 알립니다.',
      '제10조(청약철회) 회원은 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 상품을 받은 날(받기 전에는 계약한 날)부터 7일 안에 청약을 철회할 수 있습니다. 다만 회원의 책임으로 상품이 멸실·훼손되었거나, 사용 또는 일부 소비로 상품의 가치가 현저히 줄어든 경우에는 철회할 수 없습니다. 상품이 표시·광고와 다르거나 계약과 다르게 이행된 경우에는 받은 날부터 3개월, 그 사실을 안 날부터 30일 안에 철회할 수 있습니다.',
      '제11조(환불) 청약철회나 결제 취소가 이루어지면 상점은 3영업일 안에 결제대행사에 결제 취소를 요청하며, 카드사에 따라 승인 취소가 반영되기까지 3~7영업일이 걸릴 수 있습니다. 단순 변심에 의한 반품의 배송비는 회원이 부담합니다. 정기구독을 즉시 해지하면 이용 기간에 따라 요금이 정해지는 구독은 이용하지 않은 기간의 금액을 일할(또는 시간) 계산하여 환불하고, 상품을 배송하는 구독은 이미 발송된 기간의 금액을 환불하지 않습니다.',
      '제12조(개인정보 보호) 상점은 회원의 개인정보를 개인정보처리방침에 따라 처리하며, 개인정보처리방침은 쇼핑몰 화면 아래의 링크에서 언제든 볼 수 있습니다.',
      '제13조(상점과 회원의 의무) 상점은 법령과 이 약관이 금지하는 행위를 하지 않으며 안정적으로 서비스를 제공합니다. 회원은 다른 사람의 정보를 도용하거나 결제 수단을 부정하게 사용해서는 안 되며, 계정의 비밀번호를 스스로 관리합니다.',
      '제14조(분쟁 해결) 회원의 불만과 분쟁은 고객센터(화면 아래의 전화번호와 전자우편주소)에서 접수하여 처리합니다. 해결되지 않은 분쟁은 한국소비자원이나 전자거래분쟁조정위원회에 조정을 신청할 수 있습니다.',
      '제15조(준거법과 관할) 이 약관과 서비스 이용에 관한 분쟁에는 대한민국 법을 적용하며, 소송은 민사소송법이 정한 관할 법원에 제기합니다.',
      '부칙: 이 약관은 2026년 11월 27일부터 시행합니다.',
    ],
  },
  {
    kind: 'privacy',
    version: 'privacy-2026-11-v2',
    title: '개인정보 수집·이용 동의',
    required: true,
    body: [
      '수집 항목: 이메일, 비밀번호(복원할 수 없게 암호화하여 보관), 본인인증 결과(이름, 생년월일, 성별, 중복가입확인정보(DI), 연계정보(CI)의 암호화 해시값), 주문할 때 받는 분의 이름·휴대폰 번호·배송지 주소, 결제한 카드의 카드사와 가려진 카드 번호. 카드 번호 등 카드 정보는 결제대행사가 보관하며 상점은 보관하지 않습니다.',
      '이용 목적: 회원 식별과 본인 확인, 만 19세 이상 확인과 중복 가입 방지, 상품 배송과 결제·환불, 정기구독 결제와 안내, 고객 문의와 분쟁 처리.',
      '보유 기간: 회원탈퇴 시까지. 다만 「전자상거래 등에서의 소비자보호에 관한 법률」에 따라 계약·청약철회와 대금결제·재화공급에 관한 기록은 5년, 소비자 불만·분쟁 처리에 관한 기록은 3년, 표시·광고에 관한 기록은 6개월 동안 보관합니다.',
      '동의를 거부할 권리가 있으며, 거부하시면 회원가입을 할 수 없습니다. 자세한 내용은 개인정보처리방침에서 확인할 수 있습니다.',
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
