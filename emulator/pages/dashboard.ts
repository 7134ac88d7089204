// The dashboard at /__emulator/: a shell whose script (browser/dashboard.js) fills every section
// from the control API, so what it shows is exactly what the control API answers.
import { html, page } from './html';

const section = (id: string, title: string, extra = html``) =>
  html`<section id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${title}</h2>${extra}
<p class="status muted" role="status"></p><div class="rows"></div></section>`;

export function dashboardPage(): string {
  const body = html`<main>
<h1>결제 서비스 에뮬레이터</h1>
<nav><a href="/__emulator/playground">플레이그라운드</a> · <a href="/__emulator/api/state">상태 (JSON)</a>
<button type="button" id="refresh" class="secondary">새로고침</button>
<button type="button" id="reset" class="secondary">모든 기록 초기화</button></nav>
${section(
  'clock',
  '가상 시계',
  html`<p class="muted">가맹점마다 시계가 따로 있습니다. '모든 가맹점'은 모든 시계를 함께 움직입니다.</p>
<label>가맹점 <select id="clock-merchant"><option value="">모든 가맹점</option></select></label>
<p>현재: <strong id="clock-now">-</strong> <span id="clock-mode" class="muted"></span></p>
<div class="actions"><button type="button" data-advance="hour">1시간 앞으로</button>
<button type="button" data-advance="day">1일 앞으로</button>
<button type="button" data-advance="month">1개월 앞으로</button></div>`,
)}
${section('cvs', '편의점 수납 창구', html`<p class="muted">수납 대기 중인 편의점 결제를 고객이 창구에서 내는 것처럼 수납합니다.</p>`)}
${section(
  'vbanks',
  '가상계좌 입금',
  html`<p class="muted">입금 대기 중인 가상계좌에 고객이 입금한 것처럼 처리합니다. 남은 금액보다 적게 넣으면 부분 입금이고, 남은 금액을 다 채우면 결제가 완료되고 가맹점에 알림이 갑니다.</p>`,
)}
${section('payments', '결제')}
${section('certifications', '본인인증')}
${section('billing-keys', '빌링키')}
${section('schedules', '예약 결제')}
${section('webhooks', '웹훅 전송 기록')}
</main><script type="module" src="/__emulator/assets/dashboard.js"></script>`;
  return page('에뮬레이터 대시보드', body);
}
