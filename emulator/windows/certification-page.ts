// The hosted certification window: the tester enters (or confirms the pre-filled) identity.
// Plain HTML form, Korean labels (Playwright's getByLabel), no script.

import { type FormValues, html, page, problemList } from '../pages/html';
import type { CertificationParams } from './certification-params';
import type { WindowSession } from './sessions';

const CARRIER_NAMES: Record<string, string> = {
  SKT: 'SKT',
  KT: 'KT',
  LGT: 'LG U+',
  SKT_MVNO: 'SKT 알뜰폰',
  KT_MVNO: 'KT 알뜰폰',
  LGT_MVNO: 'LG U+ 알뜰폰',
};

/** The form's first values: the params' pre-fill. */
export const prefilled = (p: CertificationParams): FormValues => ({
  name: p.name ?? '',
  birthday: p.birthday ?? '',
  gender: '',
  phone: p.phone ?? '',
  carrier: p.carriers.length === 1 ? (p.carriers[0] ?? '') : '',
});

/** `action`: where the form posts (a V2 window posts to its own path). */
export function certificationWindow(
  session: Pick<WindowSession, 'id' | 'mode' | 'merchant_name'>,
  params: CertificationParams,
  values: FormValues,
  problems: string[],
  action = `/__emulator/windows/${session.id}`,
): string {
  const gender = (value: string, label: string) =>
    html`<label class="inline"><input type="radio" name="gender" value="${value}"${
      values.gender === value ? html` checked` : ''
    }> ${label}</label>`;
  const carriers = params.carriers.map(
    (c) => html`<option value="${c}"${values.carrier === c ? html` selected` : ''}>${CARRIER_NAMES[c] ?? c}</option>`,
  );
  const body = html`<main class="window" data-mode="${session.mode}">
<h1>휴대폰 본인인증</h1>
<p class="muted">${params.company ?? session.merchant_name}에서 본인인증을 요청했습니다. 에뮬레이터이므로 통신사 인증 없이 입력한 정보로 인증됩니다.</p>
${params.min_age === null ? '' : html`<p>만 ${params.min_age}세 이상만 인증할 수 있습니다.</p>`}
${problemList(problems)}
<form method="post" action="${action}">
<label>이름 <input name="name" value="${values.name}" autocomplete="name"></label>
<label>생년월일 <input type="date" name="birthday" value="${values.birthday}"></label>
<fieldset><legend>성별</legend>${gender('male', '남성')}${gender('female', '여성')}</fieldset>
<label>휴대폰 번호 <input type="tel" name="phone" value="${values.phone}" placeholder="010-1234-5678"></label>
<label>통신사 <select name="carrier">${params.carriers.length > 1 ? html`<option value="">선택하세요</option>` : ''}${carriers}</select></label>
<div class="actions"><button type="submit" name="action" value="submit">인증하기</button>
<button type="submit" name="action" value="cancel" class="secondary">취소</button></div>
</form></main>`;
  return page('본인인증', body, ['/__emulator/assets/window.js']);
}
