// The V2 windows' pages, built from V1's blocks: the certification form for identity
// verification, the card form with its test cards, and a wallet's approval. They post to
// /v2/windows/{id}; the order shown is the SDK request's.
import { WALLETS } from '../../core/service/wallets';
import type { Body } from '../../core/wire/fields';
import { type FormValues, html, page, problemList, type SafeHtml } from '../../pages/html';
import { certificationWindow } from '../../windows/certification-page';
import type { CertificationParams } from '../../windows/certification-params';
import { walletFields, walletHints, walletMark } from '../../windows/method-fields';
import { cardFields, cardHints } from '../../windows/payment-page';
import type { V2WindowMethod } from './methods';
import { currencyOf } from './sdk-request';
import type { V2WindowSession } from './sessions';

const actionOf = (session: V2WindowSession) => `/v2/windows/${session.id}`;

export function identityWindow(
  session: V2WindowSession,
  params: CertificationParams,
  values: FormValues,
  problems: string[],
): string {
  return certificationWindow(session, params, values, problems, actionOf(session));
}

const text = (request: Body, field: string) => (typeof request[field] === 'string' ? (request[field] as string) : '');

function money(request: Body): string {
  const amount = typeof request.totalAmount === 'number' ? request.totalAmount : 0;
  return `${amount.toLocaleString('ko-KR')}원`;
}

/** The order a window shows: a payment's, or a billing key's issue name and display amount. */
function orderList(session: V2WindowSession): SafeHtml {
  const { request } = session;
  if (session.kind === 'billing-key') {
    const shown =
      typeof request.displayAmount === 'number'
        ? html`<dt>표시 금액</dt><dd>${money({ totalAmount: request.displayAmount })}</dd>`
        : '';
    return html`<dl class="order"><dt>가맹점</dt><dd>${session.merchant_name}</dd>
<dt>발급명</dt><dd>${text(request, 'issueName') || '정기결제 등록'}</dd>${shown}</dl>`;
  }
  return html`<dl class="order"><dt>가맹점</dt><dd>${session.merchant_name}</dd>
<dt>상품명</dt><dd>${text(request, 'orderName')}</dd>
<dt>결제금액</dt><dd>${currencyOf(request) === 'KRW' ? money(request) : ''}</dd>
<dt>결제 ID</dt><dd>${text(request, 'paymentId')}</dd></dl>`;
}

export function paymentWindow(
  session: V2WindowSession,
  method: V2WindowMethod,
  values: FormValues,
  problems: string[],
): string {
  const issuing = session.kind === 'billing-key';
  const title =
    method.type === 'wallet'
      ? `${WALLETS[method.wallet]} ${issuing ? '등록' : '결제'}`
      : issuing
        ? '카드 등록'
        : '결제';
  const heading = method.type === 'wallet' ? html`${walletMark(method.wallet)} ${title}` : title;
  const fields = method.type === 'wallet' ? walletFields(method.wallet, values, issuing) : cardFields(values);
  const button =
    method.type === 'wallet' ? (issuing ? '등록 승인' : '결제 승인') : issuing ? '카드 등록하기' : '결제하기';
  const theme = method.type === 'wallet' ? ` wallet wallet-${method.wallet}` : '';
  const body = html`<main class="window${theme}" data-mode="${session.mode}">
<h1>${heading}</h1>
${orderList(session)}
${problemList(problems)}
<form method="post" action="${actionOf(session)}">
${fields}
<div class="actions"><button type="submit" name="action" value="submit">${button}</button>
<button type="submit" name="action" value="cancel" class="secondary">취소</button></div>
</form>
${method.type === 'wallet' ? walletHints() : cardHints()}
</main>`;
  return page(title, body, ['/__emulator/assets/window.js']);
}
