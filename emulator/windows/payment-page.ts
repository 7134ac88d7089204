// The hosted payment window: the order, the part for the method (method-fields.ts: a card form,
// a wallet's approval, a bank, a phone bill, a virtual account) and the test data as a hint for
// testers. Plain HTML form, Korean labels (Playwright's getByLabel), no script.
import { TEST_CARDS } from '../core/service/test-cards';
import { WALLETS } from '../core/service/wallets';
import type { WindowMethod } from '../core/service/window-methods';
import type { Order } from '../core/wire/order';
import { type FormValues, html, page, problemList, type SafeHtml } from '../pages/html';
import {
  phoneAccountFields,
  phoneCodeFields,
  phoneHints,
  transferFields,
  transferHints,
  vbankFields,
  walletFields,
  walletHints,
  walletMark,
} from './method-fields';
import type { WindowSession } from './sessions';

const CARD_HINTS: [string, string][] = [
  [TEST_CARDS.approved, '승인 (그 밖의 유효한 번호도 승인)'],
  [TEST_CARDS.refused, '카드사 승인 거절'],
  [TEST_CARDS.expired, '유효기간 만료'],
  [TEST_CARDS.insufficientBalance, '잔액부족 (빌링키는 발급)'],
  [TEST_CARDS.limitExceeded, '한도초과 (빌링키는 발급)'],
  [TEST_CARDS.suspended, '정지된 카드 (빌링키는 발급)'],
  [TEST_CARDS.firstChargeOnly, '첫 결제만 승인, 이후 한도초과'],
  [TEST_CARDS.issuerUnreachable, '카드사 통신 불가'],
];

const money = (order: Order) =>
  order.currency === 'KRW' ? `${order.amount.toLocaleString('ko-KR')}원` : `${order.amount} ${order.currency}`;

export const cardFields = (values: FormValues) =>
  html`<label>카드번호 <input name="card_number" value="${values.card_number}" inputmode="numeric" autocomplete="cc-number" placeholder="4242-4242-4242-4242"></label>
<label>유효기간 (MM/YY) <input name="expiry" value="${values.expiry}" autocomplete="cc-exp" placeholder="12/30"></label>
<label>생년월일 6자리 (YYMMDD) <input name="birth" value="${values.birth}" inputmode="numeric" placeholder="900101"></label>
<label>카드 비밀번호 앞 2자리 <input type="password" name="pwd_2digit" inputmode="numeric" maxlength="2"></label>`;

export const cardHints = () =>
  html`<details open><summary>테스트 카드 (유효기간은 미래, 비밀번호·생년월일은 형식만 확인)</summary>
<table class="hints">${CARD_HINTS.map(([number, outcome]) => html`<tr><td><code>${number}</code></td><td>${outcome}</td></tr>`)}</table></details>`;

interface Layout {
  title: string;
  heading: SafeHtml | string;
  fields: SafeHtml;
  /** The main button: its label and action (the phone's first step sends the code: `otp`). */
  submit: [string, string];
  /** More buttons before 취소 (the phone's second step: back to the number). */
  extra?: SafeHtml;
  hints?: SafeHtml;
  /** A class on <main> (a wallet's colours). */
  theme?: string;
}

function layoutOf(session: WindowSession, order: Order, method: WindowMethod, values: FormValues): Layout {
  const keyOnly = typeof session.params.customer_uid === 'string' && order.amount === 0;
  switch (method.kind) {
    case 'wallet': {
      const title = `${WALLETS[method.wallet]} ${keyOnly ? '등록' : '결제'}`;
      return {
        title,
        heading: html`${walletMark(method.wallet)} ${title}`,
        fields: walletFields(method.wallet, values, keyOnly),
        submit: [keyOnly ? '등록 승인' : '결제 승인', 'submit'],
        hints: walletHints(),
        theme: `wallet wallet-${method.wallet}`,
      };
    }
    case 'trans':
      return {
        title: '실시간 계좌이체',
        heading: '실시간 계좌이체',
        fields: transferFields(values),
        submit: ['이체하기', 'submit'],
        hints: transferHints(),
      };
    case 'phone': {
      const account = session.phone_account;
      return account
        ? {
            title: '휴대폰 결제',
            heading: '휴대폰 결제',
            fields: phoneCodeFields(account),
            submit: ['결제하기', 'submit'],
            extra: html`<button type="submit" name="action" value="back" class="secondary">번호 다시 입력</button>`,
            hints: phoneHints(),
          }
        : {
            title: '휴대폰 결제',
            heading: '휴대폰 결제',
            fields: phoneAccountFields(values),
            submit: ['인증번호 받기', 'otp'],
            hints: phoneHints(),
          };
    }
    case 'vbank':
      return { title: '결제', heading: '결제', fields: vbankFields(values), submit: ['가상계좌 발급받기', 'submit'] };
    case 'card':
      return {
        title: keyOnly ? '카드 등록' : '결제',
        heading: keyOnly ? '카드 등록' : '결제',
        fields: cardFields(values),
        submit: [keyOnly ? '카드 등록하기' : '결제하기', 'submit'],
        hints: cardHints(),
      };
    default:
      return {
        title: '결제',
        heading: '결제',
        fields: html`<p>${method.payMethod} 결제는 에뮬레이터에서 확인 즉시 완료됩니다.</p>`,
        submit: ['결제하기', 'submit'],
      };
  }
}

export function paymentWindow(
  session: WindowSession,
  order: Order,
  method: WindowMethod,
  values: FormValues,
  problems: string[],
): string {
  const layout = layoutOf(session, order, method, values);
  const [label, action] = layout.submit;
  const body = html`<main class="window${layout.theme ? ` ${layout.theme}` : ''}" data-mode="${session.mode}">
<h1>${layout.heading}</h1>
<dl class="order"><dt>가맹점</dt><dd>${session.merchant_name}</dd>
<dt>상품명</dt><dd>${order.name ?? '-'}</dd>
<dt>결제금액</dt><dd>${money(order)}</dd>
<dt>주문번호</dt><dd>${order.merchant_uid}</dd></dl>
${problemList(problems)}
<form method="post" action="/__emulator/windows/${session.id}">
${layout.fields}
<div class="actions"><button type="submit" name="action" value="${action}">${label}</button>
${layout.extra ?? ''}<button type="submit" name="action" value="cancel" class="secondary">취소</button></div>
</form>
${layout.hints ?? ''}
</main>`;
  return page(layout.title, body, ['/__emulator/assets/window.js']);
}
