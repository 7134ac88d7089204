// /__emulator/playground: a merchant page in miniature. It loads today's client script
// (/v1/iamport.js, no jQuery) and runs IMP.certification / IMP.request_pay with editable params,
// showing the callback's rsp. `?script=1.1.8` loads the documented old snippet instead, jQuery
// first, as it needs (`&jquery=0` leaves jQuery out, to see it refuse); `?cross_origin=1` loads the
// script from the other loopback name (localhost ↔ 127.0.0.1), so the page and the windows are
// different origins as on a real merchant site.
import { html, page } from './html';

const CERTIFICATION = { name: '홍길동', phone: '010-1234-5678', min_age: 19, popup: false };
const PAYMENT = {
  pg: 'html5_inicis',
  pay_method: 'card',
  name: '테스트 상품',
  amount: 1000,
  buyer_name: '홍길동',
  buyer_tel: '010-1234-5678',
  popup: false,
};

/** Where the page loads the client script from (host header checked: only the loopback names swap). */
function scriptSource(query: URLSearchParams, host: string | undefined): string {
  const path = oldSnippet(query) ? '/js/iamport.payment-1.1.8.js' : '/v1/iamport.js';
  const match = /^(localhost|127\.0\.0\.1):(\d+)$/.exec(host ?? '');
  if (query.get('cross_origin') !== '1' || !match) return path;
  return `http://${match[1] === 'localhost' ? '127.0.0.1' : 'localhost'}:${match[2]}${path}`;
}

const oldSnippet = (query: URLSearchParams) => query.get('script') === '1.1.8';

export function playgroundPage(query: URLSearchParams, host: string | undefined): string {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const body = html`<main>
<h1>IMP 플레이그라운드</h1>
<p class="muted"><a href="/__emulator/">대시보드</a> · jQuery: <span id="jquery-version">없음</span> · 스크립트: <code>${scriptSource(query, host)}</code></p>
<label>가맹점 식별코드 <input id="merchant-code" value="imp00000000"></label>
<section><h2>본인인증</h2>
<label>IMP.certification param (JSON) <textarea id="certification-param" rows="6">${json(CERTIFICATION)}</textarea></label>
<button type="button" id="run-certification">IMP.certification 실행</button></section>
<section><h2>결제</h2>
<label>IMP.request_pay param (JSON) <textarea id="payment-param" rows="10">${json(PAYMENT)}</textarea></label>
<button type="button" id="run-payment">IMP.request_pay 실행</button></section>
<section aria-labelledby="rsp-title"><h2 id="rsp-title">콜백 응답 (rsp)</h2><pre id="rsp" data-state="idle">아직 없음</pre></section>
<section id="redirected" aria-labelledby="redirected-title" hidden><h2 id="redirected-title">m_redirect_url로 돌아온 쿼리</h2><pre id="redirect-query"></pre></section>
</main>`;
  const scripts = [
    ...(oldSnippet(query) && query.get('jquery') !== '0' ? ['/__emulator/vendor/jquery.js'] : []),
    scriptSource(query, host),
    '/__emulator/assets/playground.js',
  ];
  return page('IMP 플레이그라운드', body, scripts);
}
