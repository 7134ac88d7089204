// GET|DELETE /certifications/{imp_uid} over records made as a certification window makes them.
import { describe, expect, it } from 'vitest';
import type { CertifyInput } from '../kit';
import { START, useEmulator } from './harness';

const person: CertifyInput = {
  name: '홍길동',
  birthday: '1990-03-15',
  gender: 'male',
  phone: '010-1234-5678',
  carrier: 'SKT',
  origin: 'http://127.0.0.1:3000/signup',
};

describe('Certifications', () => {
  const s = useEmulator();

  it('GET answers the certification record with the fields of the reference notes', async () => {
    const { rsp, certification } = await s.emulator.certify({ ...person, merchant_uid: 'cert-1' });
    expect(rsp).toEqual({
      success: true,
      error_code: null,
      error_msg: null,
      imp_uid: certification.imp_uid,
      merchant_uid: 'cert-1',
    });
    const answer = await s.api.get(`/certifications/${certification.imp_uid}`, 'CertificationResponse');
    expect(answer.body.response).toEqual({
      imp_uid: certification.imp_uid,
      merchant_uid: 'cert-1',
      pg_tid: expect.any(String),
      pg_provider: 'danal',
      name: '홍길동',
      gender: 'male',
      birthday: '1990-03-15',
      birth: Date.UTC(1990, 2, 14, 15) / 1000, // midnight KST, in seconds
      foreigner: false,
      phone: '01012345678',
      carrier: 'SKT',
      certified: true,
      certified_at: START,
      unique_key: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
      unique_in_site: expect.stringMatching(/^[0-9a-f]{64}$/),
      origin: 'http://127.0.0.1:3000/signup',
    });
  });

  it('unique_key follows the phone number alone; unique_in_site differs per merchant', async () => {
    await s.emulator.upsertMerchant({ code: 'imp33333333', key: 'k3', secret: 's3' });
    const a = await s.emulator.certify(person);
    const b = await s.emulator.certify({ ...person, name: '홍길순', phone: '+82 10.1234.5678' });
    const c = await s.emulator.certify({ ...person, merchant_code: 'imp33333333', phone: '01012345678' });
    const d = await s.emulator.certify({ ...person, phone: '010-9999-0000' });
    expect(b.certification.unique_key).toBe(a.certification.unique_key);
    expect(c.certification.unique_key).toBe(a.certification.unique_key);
    expect(b.certification.unique_in_site).toBe(a.certification.unique_in_site);
    expect(c.certification.unique_in_site).not.toBe(a.certification.unique_in_site);
    expect(d.certification.unique_key).not.toBe(a.certification.unique_key);
  });

  it('younger than min_age: the window fails and the record says certified false', async () => {
    // On 2026-01-15 someone born 2008-01-16 is 17, someone born 2008-01-15 is 18.
    const young = await s.emulator.certify({ ...person, birthday: '2008-01-16', min_age: 18 });
    expect(young.rsp).toMatchObject({ success: false, error_code: 'UNDER_MIN_AGE' });
    expect(young.certification).toMatchObject({ certified: false, certified_at: 0 });
    const read = await s.api.get(`/certifications/${young.rsp.imp_uid}`, 'CertificationResponse');
    expect(read.body.response).toMatchObject({ certified: false });
    const adult = await s.emulator.certify({ ...person, birthday: '2008-01-15', min_age: 18 });
    expect(adult.rsp.success).toBe(true);
  });

  it('bad window input is refused naming the field, and nothing is created', async () => {
    const before = (await s.emulator.certifications()).length;
    await expect(s.emulator.certify({ ...person, phone: '02-123-4567' })).rejects.toThrow(/^phone: /);
    await expect(s.emulator.certify({ ...person, birthday: '1990-02-30' })).rejects.toThrow(/^birthday: /);
    await expect(s.emulator.certify({ ...person, carrier: 'XYZ' as 'SKT' })).rejects.toThrow(/^carrier: /);
    expect(await s.emulator.certifications()).toHaveLength(before);
  });

  it('GET of an unknown imp_uid: 404 with "인증결과가 존재하지 않습니다."', async () => {
    const answer = await s.api.get('/certifications/imp_000000000000', 'CertificationResponse');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('인증결과가 존재하지 않습니다.');
  });

  it('DELETE answers the deleted record; afterwards it is gone', async () => {
    const { certification } = await s.emulator.certify(person);
    const deleted = await s.api.delete(`/certifications/${certification.imp_uid}`, 'CertificationResponse');
    expect(deleted.body.response).toMatchObject({ imp_uid: certification.imp_uid });
    expect((await s.api.get(`/certifications/${certification.imp_uid}`, 'CertificationResponse')).status).toBe(404);
    expect((await s.api.delete(`/certifications/${certification.imp_uid}`, 'CertificationResponse')).status).toBe(404);
  });
});
