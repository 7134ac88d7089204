// Drives the signup routes the way the signup page does, for the server tests in test/routes/signup and identity.
import { POST as issueCheck } from '@/app/api/identity/checks/route';
import { POST as verify } from '@/app/api/identity/verify/route';
import { POST as signup } from '@/app/api/signup/route';
import { signupConsents } from '@/lib/consents/shared/signup-terms';
import type { CertifyInput, TestEmulator } from '@/test/emulator/kit';
import { cookieFrom, pageRequest } from '@/test/factories';

/** The signup page's answers with the two required boxes checked and marketing left unchecked. */
export const AGREED = signupConsents({ terms: true, privacy: true, marketing: false });

export const person = (overrides: Partial<CertifyInput> = {}): CertifyInput => ({
  name: '김하늘',
  birthday: '1995-03-14',
  gender: 'female',
  phone: '010-1234-5678',
  carrier: 'SKT',
  // Started on our own signup page (the origin pageRequest uses).
  origin: 'http://localhost:3000/signup',
  ...overrides,
});

/** One visitor's browser: its signup cookie carries over between calls. */
export class Browser {
  cookie: string | undefined;

  async startCheck(): Promise<string> {
    return ((await this.openCheck()) as { merchantUid: string }).merchantUid;
  }

  /** POST /api/identity/checks: the whole answer (`api` and the params of that API's window). */
  async openCheck(): Promise<Record<string, unknown>> {
    const response = await issueCheck(pageRequest('/api/identity/checks', { method: 'POST', cookie: this.cookie }), {});
    this.cookie = cookieFrom(response, 'imp_signup') ?? this.cookie;
    return (await response.json()) as Record<string, unknown>;
  }

  /** As the signup page reports a V2 identity verification. */
  verifyV2(identityVerificationId: unknown): Promise<Response> {
    return verify(
      pageRequest('/api/identity/verify', { method: 'POST', body: { identityVerificationId }, cookie: this.cookie }),
      {},
    );
  }

  verify(impUid: unknown): Promise<Response> {
    return verify(
      pageRequest('/api/identity/verify', { method: 'POST', body: { imp_uid: impUid }, cookie: this.cookie }),
      {},
    );
  }

  /** As the signup page sends it: by default with both required agreements and marketing declined. */
  signUp(email: string, password = 'long enough password', consents: unknown = AGREED): Promise<Response> {
    return signup(
      pageRequest('/api/signup', { method: 'POST', body: { email, password, consents }, cookie: this.cookie }),
      {},
    );
  }

  /** Start a check, complete the certification window in the emulator, hand imp_uid to the server. */
  async certifyAndVerify(emulator: TestEmulator, input: CertifyInput): Promise<{ impUid: string; response: Response }> {
    const merchantUid = await this.startCheck();
    const { certification } = await emulator.certify({ merchant_uid: merchantUid, ...input });
    return { impUid: certification.imp_uid, response: await this.verify(certification.imp_uid) };
  }
}
