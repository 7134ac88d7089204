// Issue 12, scenario 9: phishing a certification. Our merchant code is public, so a page on another
// site can run IMP.certification with a merchant_uid obtained from /api/identity/checks and a
// victim's identity; the attacker then presents that imp_uid from their own browser. A certification
// counts only when the service recorded it as started on one of our own pages.
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { setupAppTest } from '@/test/app-harness';
import { openWindow, resultOf, submit, windowUrl } from '@/test/emulator/window-http';
import { Browser, person } from '@/test/kits/signup';

const app = setupAppTest({ clock: { start: new Date('2026-01-15T03:00:00Z'), frozen: true } });
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe('scenario 9: a certification started on another site', () => {
  it('is refused (foreign_origin), and the check stays unused', async () => {
    const attacker = new Browser();
    const { response } = await attacker.certifyAndVerify(
      app.emulator(),
      person({ phone: '010-9999-0001', origin: 'https://shop-event.example/free-coupon' }),
    );
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe('foreign_origin');
    expect((await attacker.signUp('attacker@example.com')).status).toBe(409);
  });

  it('a page elsewhere that claims our page (page_url) in the window request is still foreign', async () => {
    // The client script reports page_url itself, so a phishing page can write ours there; the
    // browser's Origin header it cannot forge.
    const attacker = new Browser();
    const merchantUid = await attacker.startCheck();
    const { answer } = await openWindow(
      app.emulator().url,
      'certification',
      { merchant_uid: merchantUid },
      { origin: 'https://shop-event.example', page_url: 'http://localhost:3000/signup' },
    );
    const victim = { name: '김하늘', birthday: '1995-03-14', gender: 'female', phone: '010-9999-0005', carrier: 'SKT' };
    const { rsp } = resultOf(await (await submit(windowUrl(answer), victim)).text());
    expect(rsp.success).toBe(true);
    const response = await attacker.verify(rsp.imp_uid);
    expect(await errorCode(response)).toBe('foreign_origin');
  });

  it('a certification without a recorded page is refused too', async () => {
    const { response } = await new Browser().certifyAndVerify(
      app.emulator(),
      person({ phone: '010-9999-0002', origin: undefined }),
    );
    expect(await errorCode(response)).toBe('foreign_origin');
  });

  it('with APP_ORIGINS set, a certification from any of those origins counts', async () => {
    const saved = env.APP_ORIGINS;
    env.APP_ORIGINS = ['https://www.shop.example', 'http://localhost:3000'];
    try {
      const { response } = await new Browser().certifyAndVerify(
        app.emulator(),
        person({ phone: '010-9999-0003', origin: 'https://www.shop.example/signup?step=1' }),
      );
      expect(response.status).toBe(200);
      env.APP_ORIGINS = ['https://www.shop.example'];
      const { response: local } = await new Browser().certifyAndVerify(
        app.emulator(),
        person({ phone: '010-9999-0004' }),
      );
      expect(await errorCode(local)).toBe('foreign_origin');
    } finally {
      env.APP_ORIGINS = saved;
    }
  });
});
