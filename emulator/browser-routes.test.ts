// What browsers load besides windows: the client script (v1, and the 1.1.8 that needs jQuery),
// jQuery, pages, receipts.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';

describe('browser routes', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.close());

  it('serves /v1/iamport.js without the jQuery check and 1.1.8 with it, also to HEAD', async () => {
    const script = await fetch(`${emulator.url}/v1/iamport.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=UTF-8');
    const v1 = await script.text();
    expect(v1).toContain('window.IMP = {');
    expect(v1).toContain('var NEEDS_JQUERY = /*@needs-jquery*/ false;');
    const old = await (await fetch(`${emulator.url}/js/iamport.payment-1.1.8.js`)).text();
    expect(old).toContain('var NEEDS_JQUERY = true;');
    expect(old.replace('var NEEDS_JQUERY = true;', '')).toBe(
      v1.replace('var NEEDS_JQUERY = /*@needs-jquery*/ false;', ''),
    );
    const head = await fetch(`${emulator.url}/js/iamport.payment-1.1.8.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('injected faults reach the script (a page can be tested against it failing to load)', async () => {
    await emulator.injectFault({ path: '/js/iamport.payment-1.1.8.js', action: '503' });
    expect((await fetch(`${emulator.url}/js/iamport.payment-1.1.8.js`)).status).toBe(503);
    expect((await fetch(`${emulator.url}/js/iamport.payment-1.1.8.js`)).status).toBe(200);
  });

  it('serves jQuery, the dashboard and the playground; unknown assets are 404', async () => {
    expect(await (await fetch(`${emulator.url}/__emulator/vendor/jquery.js`)).text()).toContain('jQuery v3.7.1');
    expect(await (await fetch(`${emulator.url}/__emulator/`)).text()).toContain('<h1>결제 서비스 에뮬레이터</h1>');
    const playground = await (await fetch(`${emulator.url}/__emulator/playground`)).text();
    expect(playground).toContain('<script src="/v1/iamport.js">');
    expect(playground).not.toContain('jquery.js');
    const old = await (await fetch(`${emulator.url}/__emulator/playground?script=1.1.8`)).text();
    expect(old).toMatch(
      /<script src="\/__emulator\/vendor\/jquery.js"><\/script><script src="\/js\/iamport.payment-1.1.8.js">/,
    );
    const oldBare = await (await fetch(`${emulator.url}/__emulator/playground?script=1.1.8&jquery=0`)).text();
    expect(oldBare).not.toContain('jquery.js');
    expect((await fetch(`${emulator.url}/__emulator/assets/../server.ts`)).status).toBe(404);
    expect((await fetch(`${emulator.url}/__emulator/assets/nothing.js`)).status).toBe(404);
  });

  it('the playground swaps only loopback names for a cross-origin script', async () => {
    // fetch cannot set Host; node:http can.
    const page = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const path = '/__emulator/playground?cross_origin=1';
        get({ host: '127.0.0.1', port: emulator.port, path, headers: { host } }, async (res) => {
          let text = '';
          for await (const chunk of res) text += chunk;
          resolve(text);
        }).on('error', reject);
      });
    expect(await page(`localhost:${emulator.port}`)).toContain(`src="http://127.0.0.1:${emulator.port}/v1/iamport.js"`);
    expect(await page('evil.test:80')).toContain('<script src="/v1/iamport.js">');
  });
});
