// Past one machine (issue 24): the deploy layout the README's "Deploy" section describes — two app
// instances from the standalone build (`npm run start:app`, MAIL_WORKER=off) on one PostgreSQL (the
// embedded database server in a run without one), behind nginx with deploy/nginx.conf, one worker
// (dist/commands/jobs.mjs), the emulator posting its webhooks to the proxy, the mail catcher —
// driven over real HTTP through the proxy. Then one instance is killed (SIGKILL) in a burst of
// purchases, and the other is stopped with SIGTERM while a slow purchase is in flight.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { Browser, type HttpCustomer, must, signUpCustomer } from '@/test/http-customer';
import { createDatabase, dropDatabase } from './postgres-databases';
import {
  answers,
  bin,
  freePort,
  ROOT,
  type Running,
  shellEnv,
  start,
  startDatabaseServer,
  stopGroup,
  temporaryDirectory,
  waitFor,
} from './processes';

const tsx = bin('tsx');
const dir = temporaryDirectory();
const running: Running[] = [];
let databaseUrl = '';
let proxy = '';
let emulator = '';
let mail = '';
const instances: { url: string; process: Running }[] = [];
let commandEnv: NodeJS.ProcessEnv = shellEnv({});
const startedAt = Date.now();
const loadAtStart = os.loadavg();
const figures: Record<string, unknown> = {};

/** A deploy-layout command (`node --conditions=react-server dist/commands/<name>.mjs`) to its end. */
async function command(name: string, args: string[] = []) {
  const run = start(process.execPath, ['--conditions=react-server', `dist/commands/${name}.mjs`, ...args], commandEnv);
  const timer = setTimeout(() => stopGroup(run, 'SIGKILL'), 120_000);
  const status = await run.exited;
  clearTimeout(timer);
  return { status, output: run.output() };
}

function keep(run: Running): Running {
  running.push(run);
  return run;
}

/** nginx: installed when missing and we are root (scripts/ensure-nginx.mjs), else it says what to install. */
function nginxBinary(): string {
  const found = spawnSync(process.execPath, ['scripts/ensure-nginx.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (found.status !== 0) throw new Error(`nginx is needed: ${found.stderr}${found.stdout}`);
  return found.stdout.trim().split('\n').at(-1) ?? '';
}

/** deploy/nginx.conf with this test's ports, inside a main configuration of its own (pid, logs, temp). */
function writeNginxConfig(proxyPort: number, upstreamPorts: number[]): string {
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const site = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const upstreams = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`);
  const ours = site
    .replace(/^ {4}server 127\.0\.0\.1:\d+ .*\n(?: {4}server 127\.0\.0\.1:\d+ .*\n)*/m, `${upstreams.join('\n')}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${proxyPort};`);
  if (ours === site || !ours.includes(`listen 127.0.0.1:${proxyPort};`) || !ours.includes(`:${upstreamPorts[1]} `)) {
    throw new Error('deploy/nginx.conf no longer has the listen and upstream server lines this test replaces');
  }
  writeFileSync(path.join(nginxDir, 'imp-checkout.conf'), ours);
  const main = `daemon off;
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 512; }
http {
  log_format upstreams '$request_method $uri $status $upstream_addr $upstream_status $http_x_request_id';
  access_log ${nginxDir}/access.log upstreams;
  client_body_temp_path ${nginxDir}/client_body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/imp-checkout.conf;
}
`;
  writeFileSync(path.join(nginxDir, 'nginx.conf'), main);
  return nginxDir;
}

const accessLog = () =>
  readFileSync(path.join(dir, 'nginx', 'access.log'), 'utf8')
    .trim()
    .split('\n');

beforeAll(async () => {
  const nginx = nginxBinary();
  const adminUrl = inject('postgresUrl');
  if (adminUrl) {
    databaseUrl = await createDatabase(adminUrl, 'imp_two_instances');
    figures.database = 'PostgreSQL';
  } else {
    // A run without PostgreSQL (TEST_POSTGRES=0): the embedded database server (`npm run db`) stands in.
    const dbPort = await freePort();
    keep(startDatabaseServer(shellEnv({ DB_PORT: String(dbPort), APP_DATA_DIR: path.join(dir, 'db') })));
    databaseUrl = `postgres://postgres@127.0.0.1:${dbPort}/postgres`;
    figures.database = 'embedded';
  }

  const [proxyPort, emulatorPort, smtpPort, mailWebPort, a, b] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  );
  proxy = `http://127.0.0.1:${proxyPort}`;
  emulator = `http://127.0.0.1:${emulatorPort}`;
  mail = `http://127.0.0.1:${mailWebPort}`;
  // What every process of the deployment shares (README "Deploy"): the database, the secrets, the
  // service, SMTP and the site's public address (the proxy).
  const shared = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'two-instances-session-secret-0123456789',
    IDENTITY_HASH_KEY: 'two-instances-identity-key-0123456789',
    IMP_API_URL: emulator,
    NEXT_PUBLIC_IMP_SCRIPT_URL: `${emulator}/v1/iamport.js`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    APP_URL: proxy,
    APP_DATA_DIR: path.join(dir, 'app'),
    MAIL_POLL_MS: '300',
    MAIL_CLOCK_CHECK_MS: '500',
  };
  commandEnv = shellEnv(shared);

  keep(
    start(
      tsx,
      ['emulator/main.ts'],
      shellEnv({
        EMULATOR_PORT: String(emulatorPort),
        EMULATOR_DATA_DIR: path.join(dir, 'emulator'),
        EMULATOR_CALLBACK_URL: `${proxy}/api/webhooks/iamport`,
      }),
    ),
  );
  keep(
    start(
      tsx,
      ['mail-catcher/main.ts'],
      shellEnv({ MAIL_CATCHER_SMTP_PORT: String(smtpPort), MAIL_CATCHER_WEB_PORT: String(mailWebPort) }),
    ),
  );
  // Both instances start at once on an empty database: the migrations run once, under the advisory lock.
  for (const port of [a, b] as number[]) {
    const process = keep(
      start(
        globalThis.process.execPath,
        ['.next/standalone/server.js'],
        shellEnv({ ...shared, PORT: String(port), HOSTNAME: '127.0.0.1', MAIL_WORKER: 'off', TRUST_PROXY: '1' }),
      ),
    );
    instances.push({ url: `http://127.0.0.1:${port}`, process });
  }
  keep(start(process.execPath, ['--conditions=react-server', 'dist/commands/jobs.mjs'], commandEnv));
  const nginxDir = writeNginxConfig(proxyPort as number, [a, b] as number[]);
  const nginxRun = keep(
    start(
      nginx,
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-e', path.join(nginxDir, 'error.log')],
      shellEnv({}),
    ),
  );

  const everything = () => running.map((r) => r.output()).join('\n---\n');
  await waitFor(
    'the deployment to answer',
    async () => {
      const ended = running.find((r) => r.child.exitCode !== null || r.child.signalCode !== null);
      if (ended) throw new Error(`a process ended at start:\n${ended.output()}`);
      for (const instance of instances) if (!(await answers(`${instance.url}/api/health`))) return false;
      return (
        (await answers(`${proxy}/api/health`)) &&
        (await answers(`${emulator}/__emulator/api/health`)) &&
        (await answers(`${mail}/api/health`))
      );
    },
    240_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${everything()}\n${nginxRun.output()}`);
  });
  figures.startSeconds = Math.round((Date.now() - startedAt) / 1000);
});

afterAll(async () => {
  for (const run of running) stopGroup(run, 'SIGKILL');
  await Promise.all(running.map((run) => run.exited));
  if (figures.database === 'PostgreSQL') await dropDatabase(inject('postgresUrl'), databaseUrl);
  figures.seconds = Math.round((Date.now() - startedAt) / 1000);
  figures.loadAverage = { atStart: loadAtStart.map((l) => l.toFixed(1)), atEnd: os.loadavg().map((l) => l.toFixed(1)) };
  figures.cores = os.cpus().length;
  console.log(`two instances behind nginx: ${JSON.stringify(figures)}`);
});

interface ServicePayment {
  merchant_uid: string;
  status: string;
  amount: number;
  cancel_amount: number;
}
const servicePayments = async () =>
  (await (await fetch(`${emulator}/__emulator/api/payments`)).json()) as ServicePayment[];

interface Receipt {
  subject: string;
  text: string;
}
const mailsTo = async (email: string) =>
  (
    (await (await fetch(`${mail}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      messages: Receipt[];
    }
  ).messages;

let customer: HttpCustomer;

it('serves a shop through nginx from two instances: signup, purchase, renewal by webhook, console refund, sessions and limits shared', async () => {
  // A signup (certified through the emulator) and a one-click purchase, all through the proxy.
  customer = await signUpCustomer(proxy, emulator, 1);
  const bought = await must(
    customer.browser.request<{ order: { merchantUid: string; status: string; amount: number } }>(
      'POST',
      '/api/orders/buy-now',
      { productId: 'drip-bag-20', idempotencyKey: 'two-instances-first-purchase' },
    ),
    'buy now',
  );
  expect(bought.order.status).toBe('paid');

  // A subscription (terms offered by one instance, agreed on whichever the proxy picks), then its
  // renewal: the service's clock passes the booked charge and its webhook comes through the proxy.
  const { offer } = await must(
    customer.browser.request<{ offer: { consentToken: string } }>('POST', '/api/subscriptions/offer', {
      planId: 'monthly-beans',
    }),
    'offer',
  );
  const subscribed = await must(
    customer.browser.request<{
      subscriptionId: string;
      subscriptions: { id: string; nextCharge: { at: number } | null }[];
    }>('POST', '/api/subscriptions', {
      planId: 'monthly-beans',
      idempotencyKey: 'two-instances-subscription-1',
      consent: { agreed: true, token: offer.consentToken },
      // The coffee ships: a goods plan asks where to.
      shipping: {
        recipient: '김구독',
        phone: '010-1234-5678',
        postcode: '04524',
        address: '서울특별시 중구 세종대로 110',
        addressDetail: '',
        note: '',
      },
    }),
    'subscribe',
  );
  const nextAt = subscribed.subscriptions.find((s) => s.id === subscribed.subscriptionId)?.nextCharge?.at;
  expect(nextAt).toBeTypeOf('number');
  const { now } = (await (await fetch(`${emulator}/__emulator/api/clock`)).json()) as { now: number };
  await fetch(`${emulator}/__emulator/api/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: (nextAt as number) - now + 3600 }),
  });
  const renewal = await waitFor('the renewal applied from its webhook', async () => {
    const { subscriptions } = await must(
      customer.browser.request<{ subscriptions: { id: string; charges: { kind: string; status: string }[] }[] }>(
        'GET',
        '/api/subscriptions',
      ),
      'subscriptions',
    );
    return subscriptions
      .find((s) => s.id === subscribed.subscriptionId)
      ?.charges.find((c) => c.kind === 'renewal' && c.status === 'paid');
  });
  expect(renewal.status).toBe('paid');
  const webhookLines = accessLog().filter((line) => line.startsWith('POST /api/webhooks/iamport '));
  expect(webhookLines.length).toBeGreaterThan(0);
  for (const line of webhookLines) expect(line, line).toMatch(/ 200 127\.0\.0\.1:\d+ 200 /);
  figures.webhooksThroughProxy = webhookLines.length;

  // A console partial refund by an operator added with the operators command.
  const added = await command('operators', ['add', 'ops@shop.example', '--role', 'admin']);
  expect(added.status, added.output).toBe(0);
  const oneTime = added.output.match(/one-time password: (\S+)/)?.[1] ?? '';
  const operator = new Browser(proxy);
  await must(
    operator.request('POST', '/api/ops/session', { email: 'ops@shop.example', password: oneTime }),
    'ops sign-in',
  );
  await must(
    operator.request('POST', '/api/ops/password', { current: oneTime, next: 'operator-password-two-instances' }),
    'ops password',
  );
  const detail = await must(
    operator.request<{ refundable: number }>('GET', `/api/ops/payments/${bought.order.merchantUid}`),
    'payment detail',
  );
  expect(detail.refundable).toBe(bought.order.amount);
  await must(
    operator.request('POST', `/api/ops/payments/${bought.order.merchantUid}/refunds`, {
      amount: 1000,
      refundable: detail.refundable,
      reason: 'customer_request',
      note: 'two instances',
    }),
    'partial refund',
  );
  const refunded = (await servicePayments()).filter((p) => p.merchant_uid === bought.order.merchantUid);
  expect(refunded).toEqual([expect.objectContaining({ status: 'paid', cancel_amount: 1000 })]);

  // Sessions hold across instances: signed in on one instance (by its own port), valid on the other.
  const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
  const pinned = new Browser(first.url);
  await must(
    pinned.request('POST', '/api/session', { email: customer.email, password: customer.password }),
    'sign in on the first instance',
  );
  const elsewhere = await must(
    pinned.at(second.url).request<{ account: { email: string } | null }>('GET', '/api/session'),
    'session on the second instance',
  );
  expect(elsewhere.account?.email).toBe(customer.email);

  // The sign-in limit counts attempts on both: 10 failures per account in 15 min, 5 on each here.
  const guesser = new Browser(first.url);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt += 1) {
    const target = attempt % 2 === 0 ? guesser : guesser.at(second.url);
    const { status } = await target.request('POST', '/api/session', {
      email: 'nobody-two-instances@example.com',
      password: `wrong-password-${attempt}`,
    });
    statuses.push(status);
  }
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
  expect(statuses[10]).toBe(429);

  // The proxy spread the requests over both instances.
  const upstreams = new Set(accessLog().map((line) => line.split(' ')[3]));
  expect(upstreams).toEqual(new Set(instances.map((i) => i.url.replace('http://', ''))));

  // One receipt for the purchase, mailed by the worker (the instances send none).
  const receipts = await waitFor('the purchase receipt', async () => {
    const found = (await mailsTo(customer.email)).filter((m) => m.subject.includes('결제 영수증'));
    return found.length > 0 ? found : undefined;
  });
  expect(receipts.length).toBeGreaterThanOrEqual(1);
});

interface Answer {
  key: string;
  status: number;
  merchantUid?: string;
}

it('keeps answering when an instance is killed mid-burst: every 2xx paid once, in-flight settled, one receipt each', async () => {
  const [victim, survivor] = instances as [(typeof instances)[0], (typeof instances)[0]];
  const buyers = await Promise.all([11, 12, 13, 14].map((n) => signUpCustomer(proxy, emulator, n)));
  const results: Answer[] = [];
  let done = false;
  const buying = Promise.all(
    buyers.map(async ({ browser }, c) => {
      for (let i = 0; !done; i += 1) {
        const key = `two-instances-burst-${c}-${i}`;
        const { status, json } = await browser.request<{ order?: { merchantUid: string } }>(
          'POST',
          '/api/orders/buy-now',
          { productId: 'drip-bag-20', idempotencyKey: key },
        );
        results.push({ key, status, merchantUid: json?.order?.merchantUid });
      }
    }),
  );
  const succeeded = (from: number) => results.slice(from).filter((r) => r.status < 300).length;
  let killedAt = 0;
  try {
    await waitFor('purchases through both instances', () => succeeded(0) >= 8);
    killedAt = results.length;
    stopGroup(victim.process, 'SIGKILL');
    expect(await victim.process.exited).toBe('SIGKILL');
    await waitFor('purchases going on through the other instance', () => succeeded(killedAt) >= 12);
  } finally {
    done = true;
    await buying;
  }
  const failedAnswers = results.filter((r) => r.status >= 300);
  // Only purchases the killed instance held can fail (nginx never resends a POST): one per buyer at most.
  for (const answer of failedAnswers) expect(answer.status, JSON.stringify(answer)).toBe(502);
  expect(failedAnswers.length).toBeLessThanOrEqual(buyers.length);
  expect(await answers(`${survivor.url}/api/health`)).toBe(true);

  // Reconciliation settles what the killed instance left in flight.
  const reconciled = await command('reconcile');
  expect(reconciled.status, reconciled.output).toBe(0);
  const payments = await servicePayments();
  const paidAtService = (merchantUid: string) =>
    payments.filter((p) => p.merchant_uid === merchantUid && p.status === 'paid').length;
  let paidOrders = 0;
  for (const buyer of buyers) {
    const { orders } = await must(
      buyer.browser.request<{ orders: { merchantUid: string; status: string }[] }>('GET', '/api/orders'),
      'orders',
    );
    for (const order of orders) {
      // The service holds at most one payment for an order, and the order says what it holds.
      const held = paidAtService(order.merchantUid);
      expect(held, JSON.stringify(order)).toBeLessThanOrEqual(1);
      expect(order.status === 'paid', JSON.stringify(order)).toBe(held === 1);
      if (order.status === 'paid') paidOrders += 1;
    }
    // One receipt per paid order, mailed once by the worker.
    const paidHere = orders.filter((o) => o.status === 'paid').length;
    const receipts = await waitFor(`${paidHere} receipts for ${buyer.email}`, async () => {
      const found = (await mailsTo(buyer.email)).filter((m) => m.subject.includes('결제 영수증'));
      return found.length >= paidHere ? found : undefined;
    });
    expect(receipts.length).toBe(paidHere);
  }
  for (const answer of results.filter((r) => r.status < 300)) {
    expect(answer.merchantUid && paidAtService(answer.merchantUid), JSON.stringify(answer)).toBe(1);
  }
  Object.assign(figures, {
    purchases: results.length,
    answered2xx: results.length - failedAnswers.length,
    answered502: failedAnswers.length,
    paidAfterReconciliation: paidOrders,
    settledByReconciliation: Number(reconciled.output.match(/orders: \d+ checked, (\d+) settled/)?.[1]),
    kills: 1,
    receipts: paidOrders,
  });
});

it('stops the other instance on SIGTERM after answering the slow purchase it holds, exit 0', async () => {
  const survivor = instances[1] as (typeof instances)[0];
  const buyer = customer.browser.at(survivor.url);
  await must(
    buyer.request('POST', '/api/session', { email: customer.email, password: customer.password }),
    'sign in on the instance',
  );
  // The service takes 3 s over the charge, so the purchase is in flight when the signal comes.
  await fetch(`${emulator}/__emulator/api/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', path: '/subscribe/payments/again', action: 'delay', delay_ms: 3000 }),
  });
  const purchase = buyer.request<{ order: { status: string } }>('POST', '/api/orders/buy-now', {
    productId: 'drip-bag-20',
    idempotencyKey: 'two-instances-slow-purchase',
  });
  await waitFor('the charge to reach the service', async () => {
    const faults = (await (await fetch(`${emulator}/__emulator/api/faults`)).json()) as { remaining: number }[];
    return faults.every((fault) => fault.remaining === 0);
  });
  const signalled = Date.now();
  process.kill(survivor.process.child.pid as number, 'SIGTERM');
  const answered = await purchase;
  expect(answered.status).toBeLessThan(300);
  expect(answered.json.order.status).toBe('paid');
  expect(await survivor.process.exited, survivor.process.output()).toBe(0);
  expect(survivor.process.output()).toContain('imp-checkout: stopped.');
  figures.sigtermStopSeconds = ((Date.now() - signalled) / 1000).toFixed(1);
});
