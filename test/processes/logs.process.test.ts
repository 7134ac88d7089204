// What an operator's logs hold after real flows (issue 24): the app (`next start`) and the worker
// (`npm run jobs`) each started as a deployment starts them, their output captured; a customer signs
// up (certification), registers a card by its full number, buys, resets the password and signs in
// with it. The captured lines are JSON with a request id, and none holds the REST secret, a
// password, the session cookie, the reset token, the card number or the person's CI/DI. Then the
// worker, stopped with SIGTERM in the middle of a reconciliation, finishes it and exits 0.
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cardConsentGiven } from '@/lib/consents/shared/card-text';
import { signupConsents } from '@/lib/consents/shared/signup-terms';
import { Browser, must } from '@/test/http-customer';
import {
  answers,
  freePort,
  ROOT,
  type Running,
  shellEnv,
  start,
  startScript,
  stopGroup,
  temporaryDirectory,
  waitFor,
} from './processes';

const started: Running[] = [];
afterAll(async () => {
  for (const child of started.splice(0).reverse()) {
    stopGroup(child, 'SIGTERM');
    await child.exited;
  }
});

const REST_SECRET = 'logs-test-secret-5b1f0c9e7d';
const CARD = '4242424242424242';

it('logs real flows as JSON lines with request ids and never a secret; the worker stops cleanly on SIGTERM', async () => {
  const dir = temporaryDirectory();
  const [appPort, emulatorPort, smtpPort, mailPort, dbPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const app = `http://127.0.0.1:${appPort}`;
  const emulator = `http://127.0.0.1:${emulatorPort}`;
  const common = shellEnv({
    NODE_ENV: 'production',
    APP_DATA_DIR: path.join(dir, 'app'),
    DB_PORT: String(dbPort),
    IMP_API_URL: emulator,
    NEXT_PUBLIC_IMP_SCRIPT_URL: `${emulator}/v1/iamport.js`,
    IMP_SECRET: REST_SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: app,
    MAIL_WORKER: 'off',
    MAIL_POLL_MS: '300',
    LOG_LEVEL: 'info',
    // No proxy in front: a client's X-Request-Id is not believed.
    TRUST_PROXY: '0',
  });
  const launch = (command: string, args: string[], env = common) => {
    const child = start(command, args, env);
    started.push(child);
    return child;
  };
  launch(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts']);
  launch(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['emulator/main.ts'], {
    ...common,
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_DATA_DIR: ':memory:',
    EMULATOR_CALLBACK_URL: `${app}/api/webhooks/iamport`,
  });
  launch(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['mail-catcher/main.ts'], {
    ...common,
    MAIL_CATCHER_SMTP_PORT: String(smtpPort),
    MAIL_CATCHER_WEB_PORT: String(mailPort),
  });
  await waitFor('the emulator', () => answers(`${emulator}/__emulator/api/health`));
  // The default merchant with this test's secret, so a leak of it is this value and no other.
  await must(
    jsonFetch(`${emulator}/__emulator/api/merchants`, {
      code: 'imp00000000',
      key: 'test_key',
      secret: REST_SECRET,
      callback_url: `${app}/api/webhooks/iamport`,
    }),
    'merchant',
  );
  const server = launch(path.join(ROOT, 'node_modules', '.bin', 'next'), ['start', '--port', String(appPort)]);
  await waitFor('the app', () => answers(`${app}/api/health`));
  const jobs = startScript('jobs', { ...common, RECONCILE_EVERY: '2s' });
  started.push(jobs);

  // Signup with a certification, as the window completes it.
  const browser = new Browser(app);
  const { merchantUid } = await must(browser.request<{ merchantUid: string }>('POST', '/api/identity/checks'), 'check');
  const certified = await must(
    jsonFetch<{ rsp: { imp_uid: string } }>(`${emulator}/__emulator/api/certifications`, {
      merchant_uid: merchantUid,
      name: '김로그',
      birthday: '1990-01-01',
      gender: 'female',
      phone: '010-7345-1290',
      carrier: 'SKT',
      origin: app,
    }),
    'certification',
  );
  const impUid = certified.rsp.imp_uid;
  await must(browser.request('POST', '/api/identity/verify', { imp_uid: impUid }), 'verify');
  const email = 'logs-customer@example.com';
  const password = 'first-password-9f3k2m';
  await must(
    browser.request('POST', '/api/signup', {
      email,
      password,
      consents: signupConsents({ terms: true, privacy: true, marketing: false }),
    }),
    'signup',
  );
  // The person's CI and DI, as the service holds them.
  const token = (
    await must(
      jsonFetch<{ response: { access_token: string } }>(`${emulator}/users/getToken`, {
        imp_key: 'test_key',
        imp_secret: REST_SECRET,
      }),
      'token',
    )
  ).response.access_token;
  const certification = (await (
    await fetch(`${emulator}/certifications/${impUid}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { response: { unique_key: string; unique_in_site: string } };
  const { unique_key: ci, unique_in_site: di } = certification.response;
  expect(ci.length).toBeGreaterThan(20);

  // A card refused by its issuer (logged as a refusal), then one registered, both by full number.
  const refused = await browser.request('POST', '/api/cards/key-in', {
    cardNumber: '4000-0000-0000-0002',
    expiry: '12/99',
    birth: '900101',
    pwd2digit: '12',
    consent: cardConsentGiven,
  });
  expect(refused.status).toBe(422);
  await must(
    browser.request('POST', '/api/cards/key-in', {
      cardNumber: '4242-4242-4242-4242',
      expiry: '12/99',
      birth: '900101',
      pwd2digit: '12',
      consent: cardConsentGiven,
    }),
    'card',
  );
  await must(
    browser.request('POST', '/api/orders/buy-now', {
      productId: 'drip-bag-20',
      idempotencyKey: 'logs-test-purchase-1',
    }),
    'buy now',
  );

  // Password reset through the mailed link (the worker sends it), then a sign-in with the new one.
  await must(browser.request('POST', '/api/password-reset', { email }), 'reset request');
  const link = await waitFor('the reset mail', async () => {
    const { messages } = (await (
      await fetch(`http://127.0.0.1:${mailPort}/api/messages?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: { text: string }[] };
    return messages.map((mail) => /reset-password\?token=([\w-]{43})/.exec(mail.text)?.[1]).find(Boolean);
  });
  const newPassword = 'second-password-7q2w8e';
  await must(browser.request('POST', '/api/password-reset/confirm', { token: link, password: newPassword }), 'reset');
  const signIn = await fetch(`${app}/api/session`, {
    method: 'POST',
    headers: { origin: app, 'content-type': 'application/json', 'x-request-id': 'forged-id-from-a-client' },
    body: JSON.stringify({ email, password: newPassword }),
  });
  expect(signIn.status).toBe(200);
  const session = /imp_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  expect(session.length).toBeGreaterThan(20);
  // Without TRUST_PROXY the client's X-Request-Id is not believed: the app made its own.
  expect(signIn.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);

  // The worker reconciled on its schedule, and logged it.
  await waitFor('a scheduled reconciliation', () => jobs.output().includes('"msg":"reconciliation done"'));

  // SIGTERM while a run waits on the service: the run finishes, is recorded, and the worker exits 0.
  await must(
    jsonFetch(`${emulator}/__emulator/api/faults`, {
      method: 'POST',
      path: '/users/getToken',
      action: 'delay',
      delay_ms: 1500,
      count: 100,
    }),
    'fault',
  );
  const runsBefore = count(jobs.output(), '"msg":"reconciliation started"');
  await waitFor('a run in progress', () => count(jobs.output(), '"msg":"reconciliation started"') > runsBefore, 30_000);
  stopGroup(jobs, 'SIGTERM');
  expect(await jobs.exited, jobs.output()).toBe(0);
  const tail = jobs.output().slice(jobs.output().lastIndexOf('"msg":"reconciliation started"'));
  expect(tail).toContain('"msg":"reconciliation done"');
  expect(tail).toContain('jobs: stopped.');

  // What was logged: JSON lines; the request lines carry their ids.
  const lines = `${server.output()}\n${jobs.output()}`.split('\n').filter((line) => line.trim());
  // Next's own banner (its version, the address) is the only text that is not a JSON line.
  const records = lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.length).toBeGreaterThan(lines.length - 10);
  const requests = records.filter((record) => record.msg === 'request');
  expect(requests.map((record) => record.path)).toEqual(
    expect.arrayContaining([
      '/api/signup',
      '/api/cards/key-in',
      '/api/orders/buy-now',
      '/api/password-reset/confirm',
      '/api/session',
    ]),
  );
  for (const record of requests) expect(record.requestId).toMatch(/^[\w-]{36}$/);
  expect(records.some((record) => record.msg === 'card registration refused by the service')).toBe(true);
  const everything = lines.join('\n');
  const secrets = {
    'the REST secret': REST_SECRET,
    'the first password': password,
    'the new password': newPassword,
    'the session cookie': session,
    'the reset token': link,
    'the card number': CARD,
    'the card number with dashes': '4242-4242-4242-4242',
    'the refused card number': '4000000000000002',
    'the access token': token,
    CI: ci,
    DI: di,
  };
  for (const [what, value] of Object.entries(secrets)) {
    expect(everything.includes(value), `${what} is in the logs`).toBe(false);
  }
  expect(everything).not.toContain('forged-id-from-a-client');
}, 600_000);

const count = (text: string, needle: string) => text.split(needle).length - 1;

async function jsonFetch<T = unknown>(url: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}
