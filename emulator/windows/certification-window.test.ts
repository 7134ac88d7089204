// The hosted certification window over HTTP (the browser flows are in e2e/emulator): params
// pre-fill and restrict the form, the record comes from the same core `certify` as the shortcut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { openWindow, resultOf, SHOP, submit, windowUrl } from '@/test/emulator/window-http';

const PERSON = { name: '홍길동', birthday: '1990-03-15', gender: 'female', phone: '010-2222-3333', carrier: 'KT_MVNO' };

describe('certification window', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { start: new Date('2026-03-01T00:00:00Z'), frozen: true } });
  });
  afterAll(() => emulator.close());

  it('pre-fills name, phone and birth; carrier MVNO offers only the three MVNO carriers', async () => {
    const params = { name: '홍<길동>', phone: '010.2222.3333', birth: '19900315', carrier: 'MVNO' };
    const form = await (
      await fetch(windowUrl((await openWindow(emulator.url, 'certification', params)).answer))
    ).text();
    expect(form).toContain('value="홍&lt;길동&gt;"');
    expect(form).toContain('value="01022223333"');
    expect(form).toContain('value="1990-03-15"');
    expect([...form.matchAll(/<option value="(\w*)"/g)].map((m) => m[1])).toEqual([
      '',
      'SKT_MVNO',
      'KT_MVNO',
      'LGT_MVNO',
    ]);
  });

  it('refuses bad params before opening', async () => {
    for (const [params, field] of [
      [{ carrier: 'VERIZON' }, 'carrier'],
      [{ phone: '02-123-4567' }, 'phone'],
      [{ min_age: 'adult' }, 'min_age'],
      [{ merchant_uid: 'x'.repeat(41) }, 'merchant_uid'],
    ] as const) {
      const { answer } = await openWindow(emulator.url, 'certification', params);
      expect(answer).toMatchObject({ ok: false, rsp: { error_code: 'INVALID_PARAM' } });
      expect(!answer.ok && answer.rsp.error_msg).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('certifies through the core: the record carries the params and the page; a carrier outside the choice is refused', async () => {
    const url = windowUrl(
      (await openWindow(emulator.url, 'certification', { merchant_uid: 'c-1', carrier: 'MVNO', company: '임프 상점' }))
        .answer,
    );
    const refused = await submit(url, { ...PERSON, carrier: 'SKT' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('통신사: 선택할 수 없는 통신사입니다.');

    const { rsp, target_origin } = resultOf(await (await submit(url, PERSON)).text());
    expect(target_origin).toBe(SHOP);
    expect(rsp).toMatchObject({ success: true, merchant_uid: 'c-1' });
    const record = (await emulator.certifications()).find((c) => c.imp_uid === rsp.imp_uid);
    expect(record).toMatchObject({ ...PERSON, phone: '01022223333', certified: true, origin: `${SHOP}/checkout` });
    // The same phone is the same person as a certification made through the control API.
    const shortcut = await emulator.certify({ ...PERSON, gender: 'female', carrier: 'KT_MVNO' });
    expect(shortcut.certification.unique_key).toBe(record?.unique_key);
  });

  it("records the page only on the origin the browser sent: another site's claim of ours is not taken", async () => {
    const fromElsewhere = async (extra: Record<string, unknown>) => {
      const url = windowUrl((await openWindow(emulator.url, 'certification', {}, extra)).answer);
      const { rsp } = resultOf(await (await submit(url, PERSON)).text());
      return (await emulator.certifications()).find((c) => c.imp_uid === rsp.imp_uid)?.origin;
    };
    expect(await fromElsewhere({ origin: 'https://evil.example', page_url: `${SHOP}/signup` })).toBe(
      'https://evil.example',
    );
    expect(await fromElsewhere({ origin: 'null', page_url: `${SHOP}/signup` })).toBeNull();
    expect(await fromElsewhere({ page_url: `${SHOP}/signup?step=1` })).toBe(`${SHOP}/signup?step=1`);
  });

  it('min_age: a younger person gets success false and a record with certified false', async () => {
    const url = windowUrl((await openWindow(emulator.url, 'certification', { min_age: 19 })).answer);
    const { rsp } = resultOf(await (await submit(url, { ...PERSON, birthday: '2010-01-01' })).text());
    expect(rsp).toMatchObject({ success: false, error_code: 'UNDER_MIN_AGE' });
    expect((await emulator.certifications()).find((c) => c.imp_uid === rsp.imp_uid)?.certified).toBe(false);
  });

  it('cancel: success false and no record', async () => {
    const before = (await emulator.certifications()).length;
    const url = windowUrl((await openWindow(emulator.url, 'certification', { merchant_uid: 'c-cancel' })).answer);
    const { rsp } = resultOf(await (await submit(url, { action: 'cancel' })).text());
    expect(rsp).toMatchObject({ success: false, error_code: 'USER_CANCEL', merchant_uid: 'c-cancel' });
    expect((await emulator.certifications()).length).toBe(before);
  });

  it('lists every problem of the form at once, in the form order', async () => {
    const url = windowUrl((await openWindow(emulator.url, 'certification', { carrier: 'MVNO' })).answer);
    const bad = await submit(url, { name: '', birthday: '2999-01-01', phone: '02-123', carrier: 'SKT' });
    expect(bad.status).toBe(400);
    const items = [...(await bad.text()).matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual([
      '이름: 필수 항목입니다.',
      '생년월일: 미래의 날짜입니다.',
      '성별: 필수 항목입니다.',
      '휴대폰 번호: 휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).',
      '통신사: 선택할 수 없는 통신사입니다.',
    ]);
  });
});
