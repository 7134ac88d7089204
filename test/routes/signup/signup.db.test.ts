import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as issueCheck } from '@/app/api/identity/checks/route';
import { GET as readIdentity } from '@/app/api/identity/route';
import { POST as verify } from '@/app/api/identity/verify/route';
import { GET as readSession } from '@/app/api/session/route';
import { POST as signup } from '@/app/api/signup/route';
import { signupConsents, signupTerm } from '@/lib/consents/shared/signup-terms';
import { termTextSha256 } from '@/lib/consents/signup';
import { consents, identityChecks, users } from '@/lib/db/schema';
import { hashUniqueKey } from '@/lib/identity/unique-key';
import { setupAppTest } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { AGREED, Browser, person } from '@/test/kits/signup';

// The emulator's clock is frozen on 2026-01-15 (KST) so ages and freshness are exact.
const app = setupAppTest({ clock: { start: new Date('2026-01-15T03:00:00Z'), frozen: true } });
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe('signup with identity certification', () => {
  it('creates an account from the certified identity, stores only what is needed, and signs in', async () => {
    const browser = new Browser();
    const { impUid, response } = await browser.certifyAndVerify(app.emulator(), person({ phone: '010-1111-0001' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ identity: { name: '김하늘', birthday: '1995-03-14', gender: 'female' } });
    const pending = await readIdentity(pageRequest('/api/identity', { cookie: browser.cookie }), {});
    expect((await pending.json()).identity.name).toBe('김하늘');

    const created = await browser.signUp('haneul@example.com');
    expect(created.status).toBe(201);
    const session = created.headers.get('set-cookie')?.match(/imp_session=[^;]+/)?.[0];
    const me = await (await readSession(pageRequest('/api/session', { cookie: session }), {})).json();
    expect(me.account).toMatchObject({ email: 'haneul@example.com', name: '김하늘', birthday: '1995-03-14' });

    const db = app.db();
    const [user] = await db.select().from(users).where(eq(users.email, 'haneul@example.com'));
    const certification = (await app.emulator().certifications()).find((c) => c.phone === '01011110001');
    expect(user?.uniqueKeyHash).toBe(hashUniqueKey(certification?.unique_key ?? ''));
    expect(JSON.stringify(user)).not.toContain(certification?.unique_key);
    expect(JSON.stringify(user)).not.toContain('1111');

    // The used check keeps only what refuses a replay (and which API it was made on); the identity
    // lives in the account alone.
    const [check] = await db.select().from(identityChecks).where(eq(identityChecks.impUid, impUid));
    expect(check).toMatchObject({ status: 'used', impUid, api: 'v1' });
    const kept = Object.entries(check ?? {}).filter(([, value]) => value !== null);
    // `api`: which PortOne API certified it (v1 here), not personal.
    expect(kept.map(([field]) => field).sort()).toEqual([
      'api',
      'browserTokenHash',
      'createdAt',
      'id',
      'impUid',
      'merchantUid',
      'status',
    ]);
    await browser.startCheck();
    expect(await errorCode(await browser.verify(impUid))).toBe('replayed');
  });

  it('refuses a certification that did not succeed (the window enforced min_age)', async () => {
    const { response } = await new Browser().certifyAndVerify(
      app.emulator(),
      person({ phone: '010-1111-0002', birthday: '2010-05-05', min_age: 19 }),
    );
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe('not_certified');
  });

  it('checks the age itself when the browser left min_age out', async () => {
    const { response } = await new Browser().certifyAndVerify(
      app.emulator(),
      person({ phone: '010-1111-0003', birthday: '2007-01-16' }),
    );
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('under_age');
    // Turning 19 on the service's date (2026-01-15 in Korea) is old enough.
    const ok = await new Browser().certifyAndVerify(
      app.emulator(),
      person({ phone: '010-1111-0013', birthday: '2007-01-15' }),
    );
    expect(ok.response.status).toBe(200);
  });

  it('checks the age itself when the browser lied about min_age', async () => {
    const browser = new Browser();
    const merchantUid = await browser.startCheck();
    // A 16-year-old passes a window opened with min_age 14 instead of the merchant's 19.
    const { certification } = await app
      .emulator()
      .certify(person({ phone: '010-1111-0014', birthday: '2009-06-01', min_age: 14, merchant_uid: merchantUid }));
    expect(certification.certified).toBe(true);
    const response = await browser.verify(certification.imp_uid);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('under_age');
    const [check] = await app.db().select().from(identityChecks).where(eq(identityChecks.merchantUid, merchantUid));
    expect(check).toMatchObject({ status: 'issued', impUid: null, name: null });
    expect(await errorCode(await browser.signUp('sixteen@example.com'))).toBe('no_verified_identity');
  });

  it('refuses a merchant_uid this server did not issue, or issued to another browser', async () => {
    const { certification } = await app
      .emulator()
      .certify(person({ phone: '010-1111-0004', merchant_uid: 'cert_made_up' }));
    const browser = new Browser();
    await browser.startCheck();
    const foreign = await browser.verify(certification.imp_uid);
    expect(foreign.status).toBe(403);
    expect(await errorCode(foreign)).toBe('foreign_check');

    const victim = new Browser();
    const merchantUid = await victim.startCheck();
    const stolen = await app.emulator().certify(person({ phone: '010-1111-0005', merchant_uid: merchantUid }));
    const other = new Browser();
    await other.startCheck();
    expect(await errorCode(await other.verify(stolen.certification.imp_uid))).toBe('foreign_check');
    expect((await victim.verify(stolen.certification.imp_uid)).status).toBe(200);
  });

  it('refuses a stale certification, judged by the service clock', async () => {
    const browser = new Browser();
    const merchantUid = await browser.startCheck();
    const { certification } = await app
      .emulator()
      .certify(person({ phone: '010-1111-0006', merchant_uid: merchantUid }));
    await app.emulator().advanceClock(601);
    const response = await browser.verify(certification.imp_uid);
    expect(response.status).toBe(422);
    expect(await errorCode(response)).toBe('stale');
  });

  it('refuses to use one imp_uid twice', async () => {
    const browser = new Browser();
    const { impUid } = await browser.certifyAndVerify(app.emulator(), person({ phone: '010-1111-0007' }));
    await browser.startCheck();
    const replay = await browser.verify(impUid);
    expect(replay.status).toBe(409);
    expect(await errorCode(replay)).toBe('replayed');
  });

  it('allows one account per person: the same phone is the same person', async () => {
    const first = new Browser();
    await first.certifyAndVerify(app.emulator(), person({ phone: '010-2222-0001' }));
    expect((await first.signUp('first@example.com')).status).toBe(201);

    const again = await new Browser().certifyAndVerify(
      app.emulator(),
      person({ phone: '010.2222.0001', name: '김하늘' }),
    );
    expect(again.response.status).toBe(409);
    expect(await errorCode(again.response)).toBe('person_registered');
  });

  it('answers bad bodies with 4xx and stores nothing', async () => {
    const browser = new Browser();
    await browser.startCheck();
    const db = app.db();
    const before = await db.select().from(identityChecks);
    for (const impUid of [undefined, '', 'not-an-imp-uid', 42]) {
      expect((await browser.verify(impUid)).status).toBe(400);
    }
    expect((await browser.verify('imp_000000000000')).status).toBe(404);
    expect(await db.select().from(identityChecks)).toEqual(before);

    expect(await errorCode(await new Browser().signUp('nobody@example.com'))).toBe('no_verified_identity');
    expect((await browser.signUp('not-an-email')).status).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, 'nobody@example.com'))).toEqual([]);
  });

  it('refuses every signup step from another origin or without one, and changes nothing', async () => {
    const db = app.db();
    const foreignOrigins = ['http://evil.example', null];
    const refused = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('forbidden');
      expect(response.headers.get('set-cookie')).toBeNull();
    };

    const checksBefore = await db.select().from(identityChecks);
    for (const origin of foreignOrigins) {
      await refused(await issueCheck(pageRequest('/api/identity/checks', { method: 'POST', origin }), {}));
    }
    expect(await db.select().from(identityChecks)).toEqual(checksBefore);

    const browser = new Browser();
    const merchantUid = await browser.startCheck();
    const { certification } = await app
      .emulator()
      .certify(person({ phone: '010-4444-0001', merchant_uid: merchantUid }));
    const body = { imp_uid: certification.imp_uid };
    for (const origin of foreignOrigins) {
      await refused(
        await verify(pageRequest('/api/identity/verify', { method: 'POST', body, origin, cookie: browser.cookie }), {}),
      );
    }
    const [issued] = await db.select().from(identityChecks).where(eq(identityChecks.merchantUid, merchantUid));
    expect(issued).toMatchObject({ status: 'issued', impUid: null, name: null });
    expect((await browser.verify(certification.imp_uid)).status).toBe(200);

    const credentials = { email: 'csrf@example.com', password: 'long enough password' };
    for (const origin of foreignOrigins) {
      await refused(
        await signup(
          pageRequest('/api/signup', { method: 'POST', body: credentials, origin, cookie: browser.cookie }),
          {},
        ),
      );
    }
    expect(await db.select().from(users).where(eq(users.email, 'csrf@example.com'))).toEqual([]);
    const [verified] = await db.select().from(identityChecks).where(eq(identityChecks.merchantUid, merchantUid));
    expect(verified).toMatchObject({ status: 'verified', name: '김하늘' });
    expect((await browser.signUp('csrf@example.com')).status).toBe(201);
  });

  it('keeps the verified identity when the email is taken, so the visitor can pick another', async () => {
    const first = new Browser();
    await first.certifyAndVerify(app.emulator(), person({ phone: '010-3333-0001' }));
    expect((await first.signUp('taken@example.com')).status).toBe(201);
    const second = new Browser();
    await second.certifyAndVerify(app.emulator(), person({ phone: '010-3333-0002', name: '이바다' }));
    const clash = await second.signUp('TAKEN@example.com');
    expect(clash.status).toBe(409);
    expect(await errorCode(clash)).toBe('email_taken');
    expect((await second.signUp('another@example.com')).status).toBe(201);
  });

  it('refuses signup without both required agreements (422, nothing created) and logs each answer with the account', async () => {
    const browser = new Browser();
    expect((await browser.certifyAndVerify(app.emulator(), person({ phone: '010-5555-0001' }))).response.status).toBe(
      200,
    );
    const consentsBefore = (await app.db().select().from(consents)).length;
    const withoutPrivacy = signupConsents({ terms: true, privacy: false, marketing: true });
    const credentials = { email: 'terms@example.com', password: 'long enough password' };
    const without = () =>
      signup(pageRequest('/api/signup', { method: 'POST', body: credentials, cookie: browser.cookie }), {});
    for (const send of [
      without,
      ...[{}, withoutPrivacy, { terms: AGREED.terms }].map(
        (answers) => () => browser.signUp(credentials.email, credentials.password, answers),
      ),
    ]) {
      const refused = await send();
      expect(refused.status).toBe(422);
      const { error } = (await refused.json()) as { error: { code: string; message: string } };
      expect(error).toMatchObject({ code: 'consent_required', message: expect.stringContaining('필수 약관') });
    }
    const outdated = { ...AGREED, terms: { agreed: true, version: 'terms-2020-01-v0' } };
    expect((await browser.signUp('terms@example.com', 'long enough password', outdated)).status).toBe(409);
    const db = app.db();
    expect(await db.select().from(users).where(eq(users.email, 'terms@example.com'))).toEqual([]);
    expect(await db.select().from(consents)).toHaveLength(consentsBefore);

    // The identity was not used up by the refusals: the visitor agrees and signs up.
    const answers = signupConsents({ terms: true, privacy: true, marketing: true });
    const created = await browser.signUp('terms@example.com', 'long enough password', answers);
    expect(created.status).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, 'terms@example.com'));
    const logged = await db
      .select()
      .from(consents)
      .where(eq(consents.userId, user?.id ?? ''));
    const clock = await app.emulator().now();
    expect(
      logged
        .map(({ kind, agreed, termsVersion, textSha256, givenAt }) => ({
          kind,
          agreed,
          termsVersion,
          textSha256,
          givenAt,
        }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual(
      (['marketing', 'privacy', 'terms'] as const).map((kind) => ({
        kind,
        agreed: true,
        termsVersion: signupTerm(kind).version,
        textSha256: termTextSha256(signupTerm(kind)),
        givenAt: expect.toSatisfy((at: number) => Math.abs(at - clock) < 60),
      })),
    );
  });

  it('logs marketing declined (agreed false) when its box is left unchecked', async () => {
    const browser = new Browser();
    await browser.certifyAndVerify(app.emulator(), person({ phone: '010-5555-0002' }));
    expect((await browser.signUp('nomarketing@example.com')).status).toBe(201);
    const [user] = await app.db().select().from(users).where(eq(users.email, 'nomarketing@example.com'));
    const logged = await app
      .db()
      .select()
      .from(consents)
      .where(eq(consents.userId, user?.id ?? ''));
    expect(Object.fromEntries(logged.map((row) => [row.kind, row.agreed]))).toEqual({
      terms: true,
      privacy: true,
      marketing: false,
    });
  });
});
