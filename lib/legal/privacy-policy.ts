// The 개인정보처리방침 (/privacy): what is collected, why, for how long, who processes it, the
// customer's rights and whom to ask. It names the configured seller, so it is built from it; its
// wording is versioned like the consent texts (a change of wording is a new version).

import { signupTerm } from '@/lib/consents/client';
import type { SellerInfo } from './seller-info';

export const PRIVACY_POLICY_VERSION = 'privacy-policy-2026-11-v1';
export const PRIVACY_POLICY_EFFECTIVE = '2026년 11월 27일';

export interface PolicySection {
  heading: string;
  paragraphs: string[];
  /** Rows of a table (first row: the header). */
  table?: string[][];
}

export function privacyPolicy(seller: SellerInfo): PolicySection[] {
  const consent = signupTerm('privacy');
  return [
    {
      heading: '1. 처리하는 개인정보 항목',
      paragraphs: [`${seller.legalName}(이하 "상점")은 서비스에 꼭 필요한 개인정보만 처리합니다.`],
      table: [
        ['언제', '항목'],
        [
          '회원가입(휴대폰 본인인증)',
          '이름, 생년월일, 성별, 중복가입확인정보(DI), 연계정보(CI)의 암호화 해시값 — 본인인증에 쓴 휴대폰 번호는 보관하지 않습니다',
        ],
        ['회원가입', '이메일, 비밀번호(복원할 수 없는 방식으로 암호화)'],
        ['주문', '받는 분 이름, 휴대폰 번호, 우편번호와 배송지 주소, 배송 요청사항'],
        [
          '결제·카드 등록',
          '카드사 이름과 가려진 카드 번호(앞 6자리와 끝 4자리), 결제 번호와 금액 — 카드 번호·유효기간·비밀번호 등 카드 정보는 결제대행사가 보관하며 상점은 받지도 보관하지도 않습니다',
        ],
        ['동의와 이용 기록', '동의한 약관의 버전과 시각, 접속 IP 주소와 브라우저 정보'],
      ],
    },
    {
      heading: '2. 처리 목적',
      paragraphs: [
        '회원 식별과 본인 확인, 만 19세 이상 확인과 중복 가입 방지, 무료 체험의 중복 이용 방지.',
        '주문한 상품의 배송, 결제와 환불, 정기구독 결제와 결제 예정·실패·종료 안내 메일 발송.',
        '고객 문의와 불만·분쟁 처리, 부정 결제 방지, 법령이 정한 기록의 보관.',
        '마케팅 정보 수신에 동의한 분께 새 상품과 할인 소식 발송(선택).',
      ],
    },
    {
      heading: '3. 보유 기간',
      paragraphs: [
        '회원 정보는 회원탈퇴 때까지 보관합니다. 탈퇴하면 이메일, 비밀번호, 이름, 생년월일, 성별, 본인인증 정보와 저장한 배송지가 즉시 지워지고, 아래 기록만 「전자상거래 등에서의 소비자보호에 관한 법률」 제6조와 같은 법 시행령 제6조가 정한 기간 동안 보관한 뒤 파기합니다.',
        '무료 체험을 한 사람이 한 번만 이용하도록, 연계정보(CI)의 암호화 해시값은 체험 이용 기록에 한해 탈퇴 후에도 보관합니다. 이 값으로는 누구인지 알 수 없습니다.',
      ],
      table: [
        ['기록', '보관 기간'],
        ['계약 또는 청약철회 등에 관한 기록(주문, 구독, 결제와 환불, 약관 동의 기록)', '5년'],
        ['대금결제 및 재화 등의 공급에 관한 기록(결제 번호와 금액, 받는 분과 배송지, 가려진 카드 번호)', '5년'],
        ['소비자의 불만 또는 분쟁처리에 관한 기록(운영자의 환불·해지 처리 기록)', '3년'],
        ['표시·광고에 관한 기록(상품과 요금의 안내)', '6개월'],
      ],
    },
    {
      heading: '4. 처리 위탁',
      paragraphs: ['상점은 아래 업무를 전문 업체에 맡기며, 맡긴 업무 외에는 개인정보를 쓰지 못하도록 관리·감독합니다.'],
      table: [
        ['수탁자', '맡기는 업무'],
        [
          '결제 서비스(아임포트)와 카드 결제대행사',
          '휴대폰 본인인증, 카드 결제와 결제 취소, 정기결제용 카드 등록(빌링키) 보관',
        ],
        ['메일 발송 대행 업체', '영수증과 결제·구독 안내, 비밀번호 재설정 등 이메일 발송'],
        ['택배사', '주문한 상품의 배송(받는 분 이름, 휴대폰 번호, 배송지)'],
      ],
    },
    {
      heading: '5. 제3자 제공',
      paragraphs: ['상점은 법령에 근거가 있거나 정보주체가 동의한 경우 외에는 개인정보를 제3자에게 제공하지 않습니다.'],
    },
    {
      heading: '6. 파기 절차와 방법',
      paragraphs: [
        '보유 기간이 끝나거나 처리 목적을 이룬 개인정보는 지체 없이 파기합니다. 전자 파일은 복구할 수 없는 방법으로 지우고, 다른 법령에 따라 보관하는 기록은 다른 정보와 분리하여 보관합니다.',
      ],
    },
    {
      heading: '7. 정보주체의 권리와 행사 방법',
      paragraphs: [
        '회원은 언제든 자신의 개인정보를 열람하고 정정·삭제하거나 처리 정지를 요구할 수 있으며, 동의를 철회할 수 있습니다.',
        '내 계정에서 이메일과 비밀번호를 바꾸고, 약관 동의 기록을 보고, 마케팅 수신 동의를 철회하고, 회원탈퇴를 할 수 있습니다. 그 밖의 요구는 아래 개인정보 보호책임자에게 연락해 주시면 지체 없이 처리합니다.',
      ],
    },
    {
      heading: '8. 안전성 확보 조치',
      paragraphs: [
        '비밀번호는 복원할 수 없게 암호화하여 보관하고, 연계정보(CI)는 원래 값 대신 비밀 키로 만든 해시값만 보관합니다. 카드 정보는 보관하지 않으며, 전송 구간은 암호화하고, 운영자의 접근은 권한별로 제한하고 처리 기록을 남깁니다.',
      ],
    },
    {
      heading: '9. 개인정보 보호책임자',
      paragraphs: [
        `개인정보 보호책임자: ${seller.privacyOfficer}`,
        `문의: 전화 ${seller.phone}, 전자우편 ${seller.email}`,
        '개인정보 침해에 대한 신고나 상담은 개인정보분쟁조정위원회(1833-6972), 개인정보침해신고센터(국번 없이 118), 대검찰청(국번 없이 1301), 경찰청(국번 없이 182)에 할 수도 있습니다.',
      ],
    },
    {
      heading: '10. 회원가입 때 받는 개인정보 수집·이용 동의',
      paragraphs: [`아래는 회원가입 때 동의를 받는 문구 그대로입니다(버전 ${consent.version}).`, ...consent.body],
    },
    {
      heading: '11. 시행일',
      paragraphs: [`이 개인정보처리방침(버전 ${PRIVACY_POLICY_VERSION})은 ${PRIVACY_POLICY_EFFECTIVE}부터 시행합니다.`],
    },
  ];
}
