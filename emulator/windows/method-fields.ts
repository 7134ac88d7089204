// The part of a payment window that differs by method (the order summary and the buttons are
// payment-page.ts's): a wallet's account, a transfer's bank, a phone payment's two steps, a
// virtual account's bank. Each with its test data as a hint for testers, like the test cards.

import { BANK_CODES } from '../core/service/codes';
import { WALLET_PHONES, WALLETS, type Wallet } from '../core/service/wallets';
import { CARRIER_NAMES, PHONE_OTP, PHONE_OVER_LIMIT } from '../core/service/window-phone';
import { MAINTENANCE_BANK, TRANSFER_BANKS } from '../core/service/window-trans';
import { type FormValues, html, type SafeHtml } from '../pages/html';

/** A wallet's mark: its colours and initial, as the wallet's own button shows it. */
export const walletMark = (wallet: Wallet) =>
  html`<span class="wallet-mark wallet-${wallet}" aria-hidden="true">${wallet === 'tosspay' ? 'toss' : wallet === 'kakaopay' ? 'K' : 'N'}</span>`;

const hintTable = (summary: string, rows: [string, string][]) =>
  html`<details open><summary>${summary}</summary>
<table class="hints">${rows.map(([input, outcome]) => html`<tr><td>${/^\d/.test(input) ? html`<code>${input}</code>` : input}</td><td>${outcome}</td></tr>`)}</table></details>`;

const options = (rows: { code: string; name: string }[], chosen: string) =>
  rows.map(
    (row) => html`<option value="${row.code}"${chosen === row.code ? html` selected` : ''}>${row.name}</option>`,
  );

export function walletFields(wallet: Wallet, values: FormValues, issuing: boolean): SafeHtml {
  const name = WALLETS[wallet];
  return html`<p>${name} 앱에서 ${issuing ? '정기결제 등록을' : '결제를'} 승인합니다. 에뮬레이터에서는 ${name} 계정의 휴대폰 번호로 승인합니다.</p>
<label>휴대폰 번호 <input type="tel" name="phone" value="${values.phone}" autocomplete="tel" inputmode="tel" placeholder="010-1234-5678"></label>`;
}

export const walletHints = () =>
  hintTable('테스트 번호', [
    [WALLET_PHONES.approved, '승인 (그 밖의 번호도 승인)'],
    [WALLET_PHONES.declined, '승인 거절 (잔액 부족), 등록도 거절'],
    [WALLET_PHONES.chargesFail, '등록은 되지만 결제는 모두 거절 (잔액 부족)'],
  ]);

export const transferFields = (values: FormValues) =>
  html`<p>선택한 은행 계좌에서 바로 이체합니다.</p>
<label>은행 <select name="bank_code"><option value="">선택하세요</option>${options(TRANSFER_BANKS, values.bank_code ?? '')}</select></label>`;

export const transferHints = () =>
  hintTable('테스트 은행', [
    [MAINTENANCE_BANK, '대구은행: 점검 중 (이체 실패)'],
    ['그 밖의 은행', '이체 완료'],
  ]);

const CARRIERS = Object.entries(CARRIER_NAMES).map(([code, name]) => ({ code, name }));

/** Step 1: whose phone bill. */
export const phoneAccountFields = (values: FormValues) =>
  html`<p>휴대폰 요금과 함께 결제됩니다. 인증번호를 받을 휴대폰을 입력하세요.</p>
<label>통신사 <select name="carrier"><option value="">선택하세요</option>${options(CARRIERS, values.carrier ?? '')}</select></label>
<label>휴대폰 번호 <input type="tel" name="phone" value="${values.phone}" autocomplete="tel" inputmode="tel" placeholder="010-1234-5678"></label>`;

/** Step 2: the code texted to it (shown to the tester: no text message leaves the emulator). */
export const phoneCodeFields = (account: { carrier: string; phone: string }) =>
  html`<p>${CARRIER_NAMES[account.carrier] ?? account.carrier} ${account.phone}(으)로 인증번호를 보냈습니다.</p>
<p class="hint-code">테스트 인증번호: <strong>${PHONE_OTP}</strong></p>
<label>인증번호 <input name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6"></label>`;

export const phoneHints = () =>
  hintTable('테스트 번호', [
    [PHONE_OVER_LIMIT, '월 한도 초과 (결제 실패)'],
    ['그 밖의 번호', '결제 완료'],
  ]);

/** The bank a virtual account is opened at (banks only: securities firms do not issue them). */
export function vbankFields(values: FormValues) {
  const banks = BANK_CODES.filter((bank) => bank.code < '200');
  return html`<p>입금할 가상계좌를 발급합니다. 입금이 확인되면 결제가 완료됩니다.</p>
<label>입금 은행 <select name="vbank_code"><option value="">선택하세요</option>${options(banks, values.vbank_code ?? '')}</select></label>`;
}
