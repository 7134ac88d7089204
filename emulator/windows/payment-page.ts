// The hosted payment window: the order, a card form and the test cards as a hint for testers.
// Plain HTML form, Korean labels (Playwright's getByLabel), no script.
import { BANK_CODES } from '../core/service/codes';
import { TEST_CARDS } from '../core/service/test-cards';
import type { Order } from '../core/wire/order';
import { type FormValues, html, page, problemList } from '../pages/html';
import type { WindowSession } from './sessions';

const HINTS: [string, string][] = [
  [TEST_CARDS.approved, '승인 (그 밖의 유효한 번호도 승인)'],
  [TEST_CARDS.refused, '카드사 승인 거절'],
  [TEST_CARDS.expired, '유효기간 만료'],
  [TEST_CARDS.insufficientBalance, '잔액부족 (빌링키는 발급)'],
  [TEST_CARDS.limitExceeded, '한도초과 (빌링키는 발급)'],
  [TEST_CARDS.suspended, '정지된 카드 (빌링키는 발급)'],
  [TEST_CARDS.firstChargeOnly, '첫 결제만 승인, 이후 한도초과'],
  [TEST_CARDS.issuerUnreachable, '카드사 통신 불가'],
];

/** The bank a virtual account is opened at (banks only: securities firms do not issue them). */
function vbankFields(session: WindowSession, values: FormValues) {
  const chosen = values.vbank_code ?? (typeof session.params.vbank_code === 'string' ? session.params.vbank_code : '');
  const banks = BANK_CODES.filter((bank) => bank.code < '200').map(
    (bank) => html`<option value="${bank.code}"${chosen === bank.code ? html` selected` : ''}>${bank.name}</option>`,
  );
  return html`<p>입금할 가상계좌를 발급합니다. 입금이 확인되면 결제가 완료됩니다.</p>
<label>입금 은행 <select name="vbank_code"><option value="">선택하세요</option>${banks}</select></label>`;
}

const money = (order: Order) =>
  order.currency === 'KRW' ? `${order.amount.toLocaleString('ko-KR')}원` : `${order.amount} ${order.currency}`;

export function paymentWindow(
  session: WindowSession,
  order: Order,
  payMethod: string,
  values: FormValues,
  problems: string[],
): string {
  const keyOnly = typeof session.params.customer_uid === 'string' && order.amount === 0;
  const action = keyOnly ? '카드 등록하기' : payMethod === 'vbank' ? '가상계좌 발급받기' : '결제하기';
  const cardFields =
    payMethod === 'vbank'
      ? vbankFields(session, values)
      : payMethod === 'card'
        ? html`<label>카드번호 <input name="card_number" value="${values.card_number}" inputmode="numeric" autocomplete="cc-number" placeholder="4242-4242-4242-4242"></label>
<label>유효기간 (MM/YY) <input name="expiry" value="${values.expiry}" autocomplete="cc-exp" placeholder="12/30"></label>
<label>생년월일 6자리 (YYMMDD) <input name="birth" value="${values.birth}" inputmode="numeric" placeholder="900101"></label>
<label>카드 비밀번호 앞 2자리 <input type="password" name="pwd_2digit" inputmode="numeric" maxlength="2"></label>`
        : html`<p>${payMethod} 결제는 에뮬레이터에서 확인 즉시 완료됩니다.</p>`;
  const body = html`<main class="window" data-mode="${session.mode}">
<h1>${keyOnly ? '카드 등록' : '결제'}</h1>
<dl class="order"><dt>가맹점</dt><dd>${session.merchant_name}</dd>
<dt>상품명</dt><dd>${order.name ?? '-'}</dd>
<dt>결제금액</dt><dd>${money(order)}</dd>
<dt>주문번호</dt><dd>${order.merchant_uid}</dd></dl>
${problemList(problems)}
<form method="post" action="/__emulator/windows/${session.id}">
${cardFields}
<div class="actions"><button type="submit" name="action" value="submit">${action}</button>
<button type="submit" name="action" value="cancel" class="secondary">취소</button></div>
</form>
${
  payMethod === 'card'
    ? html`<details open><summary>테스트 카드 (유효기간은 미래, 비밀번호·생년월일은 형식만 확인)</summary>
<table class="hints">${HINTS.map(([number, outcome]) => html`<tr><td><code>${number}</code></td><td>${outcome}</td></tr>`)}</table></details>`
    : ''
}
</main>`;
  return page(keyOnly ? '카드 등록' : '결제', body, ['/__emulator/assets/window.js']);
}
