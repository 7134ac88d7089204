// Certification by REST: the request texts a code to the phone (read here through the control API,
// as the phone would show it); the code back within 3 minutes makes a certification like a window's.
import { describe, expect, it } from 'vitest';
import type { CertificationWire } from '../kit';
import { START, useEmulator } from './harness';

const PERSON = { name: '김영희', phone: '010-3333-4444', birth: '95-02-03', gender_digit: '2', carrier: 'KT' };

describe('Certification by OTP', () => {
  const s = useEmulator();
  const request = async (fields: Record<string, unknown> = {}) =>
    s.api.post<{ imp_uid: string }>('/certifications/otp/request', 'CertificationOTPResponse', {
      ...PERSON,
      ...fields,
    });
  const confirm = (impUid: string, otp?: string) =>
    s.api.post<CertificationWire>(
      `/certifications/otp/confirm/${impUid}`,
      'CertificationResponse',
      otp === undefined ? {} : { otp },
    );

  it('the code from the phone confirms it: a certification with CI/DI from the phone, like a window’s', async () => {
    const impUid = (await request({ merchant_uid: 'otp-1', is_mvno: 'true' })).body.response?.imp_uid ?? '';
    expect(impUid).toMatch(/^imp_\d{12}$/);
    const message = await s.emulator.otpMessage(impUid);
    expect(message).toMatchObject({ phone: '01033334444', expires_at: START + 180 });
    expect(message.text).toContain(message.otp);
    const confirmed = await confirm(impUid, message.otp);
    expect(confirmed.body.response).toMatchObject({
      imp_uid: impUid,
      merchant_uid: 'otp-1',
      name: '김영희',
      birthday: '1995-02-03',
      gender: 'female',
      foreigner: false,
      carrier: 'KT_MVNO',
      certified: true,
      certified_at: START,
    });
    const byWindow = await s.emulator.certify({
      name: '김영희',
      birthday: '1995-02-03',
      gender: 'female',
      phone: '01033334444',
      carrier: 'KT',
    });
    expect(confirmed.body.response?.unique_key).toBe(byWindow.certification.unique_key);
    expect(confirmed.body.response?.unique_in_site).toBe(byWindow.certification.unique_in_site);
    expect((await s.api.get(`/certifications/${impUid}`, 'CertificationResponse')).body.response).toEqual(
      confirmed.body.response,
    );
    const again = await confirm(impUid, message.otp);
    expect([again.status, again.body.message]).toEqual([400, 'imp_uid: 이미 인증처리가 완료된 건입니다.']);
    await expect(s.emulator.otpMessage(impUid)).rejects.toMatchObject({ status: 404 });
  });

  it('reads the century and who from the registration digit (3: a man born in the 2000s, 7: a foreigner)', async () => {
    for (const [digit, birthday, gender, foreigner] of [
      ['3', '2001-02-03', 'male', false],
      ['8', '2001-02-03', 'female', true],
      ['5', '1901-02-03', 'male', true],
    ] as const) {
      const impUid = (await request({ birth: '010203', gender_digit: digit })).body.response?.imp_uid ?? '';
      const confirmed = await confirm(impUid, (await s.emulator.otpMessage(impUid)).otp);
      expect(confirmed.body.response).toMatchObject({ birthday, gender, foreigner });
    }
  });

  it('a wrong code counts; the fifth ends the request; a late code is refused', async () => {
    const impUid = (await request()).body.response?.imp_uid ?? '';
    const { otp } = await s.emulator.otpMessage(impUid);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await confirm(impUid, wrong);
      expect([answer.status, answer.body.message]).toEqual([400, `otp: 인증번호가 일치하지 않습니다 (${attempt}/5).`]);
    }
    expect((await confirm(impUid, wrong)).body.message).toMatch(/5회 틀렸습니다/);
    expect((await confirm(impUid, otp)).status).toBe(404);

    const late = (await request()).body.response?.imp_uid ?? '';
    const code = (await s.emulator.otpMessage(late)).otp;
    await s.emulator.advanceClock(181);
    expect((await confirm(late, code)).body.message).toMatch(/^otp: 인증번호 입력시간이 지났습니다/);
    expect((await confirm(late)).body.message).toBe('otp: 필수 항목입니다.');
  });

  it('bad details are a 400 naming the field; nothing is texted', async () => {
    const before = (await s.emulator.state()).otp_requests;
    for (const [fields, field] of [
      [{ phone: '02-123-4567' }, 'phone'],
      [{ birth: '951302' }, 'birthday'],
      [{ gender_digit: '9' }, 'gender_digit'],
      [{ carrier: 'SKT_MVNO' }, 'carrier'],
      [{ name: '' }, 'name'],
    ] as const) {
      const answer = await request(fields);
      expect([answer.status, answer.body.message?.split(':')[0]]).toEqual([400, field]);
    }
    expect((await s.emulator.state()).otp_requests).toBe(before);
    expect((await confirm('imp_000000000000', '123456')).status).toBe(404);
  });
});
