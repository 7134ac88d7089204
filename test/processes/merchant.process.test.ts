// What a merchant does (issue 22): the shop running in one terminal, the README's commands in
// another — on the embedded default and on PostgreSQL. Before the embedded database had its own
// server, the running app never saw an operator the command added, reconcile crashed in PGlite,
// the data directory could no longer be opened after a restart, and `npm run jobs` exited at once.
// The shop runs on moved ports (issue 32): the commands reach its emulator and mail catcher with
// nothing set (through the runner's file) or with the same variables exported, say in one line what
// they could not reach, and a failed run does not hold the next one back.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Browser, type HttpCustomer, must, signUpCustomer } from '@/test/http-customer';
import { createDatabase, dropDatabase } from './postgres-databases';
import { freePort, npmRun, type Running, startScript, stopGroup, temporaryDirectory, waitFor } from './processes';
import { type Shop, startShop } from './shop';

const engines = [{ name: 'the embedded database', postgres: false }];
if (inject('postgresUrl')) engines.push({ name: 'PostgreSQL', postgres: true });

/** A line of a stack trace. */
const STACK = /^\s+at \S+.*\(.*:\d+:\d+\)$/m;

describe.each(engines)('a merchant on $name', ({ postgres }) => {
  const dataDir = temporaryDirectory();
  let databaseUrl: string | undefined;
  let shop: Shop | undefined;
  let jobs: Running | undefined;
  afterAll(async () => {
    if (jobs) stopGroup(jobs);
    await shop?.stop();
    if (databaseUrl) await dropDatabase(inject('postgresUrl'), databaseUrl);
  });

  it('uses every command beside the running shop, and keeps everything across a restart', async () => {
    if (postgres) databaseUrl = await createDatabase(inject('postgresUrl'), 'imp_process');
    shop = await startShop({ dataDir, databaseUrl });
    const running = shop;

    // A customer signs up and buys over HTTP.
    const customer: HttpCustomer = await signUpCustomer(running.app, running.emulator, 1);
    const bought = await must(
      customer.browser.request<{ order: { merchantUid: string; status: string } }>('POST', '/api/orders/buy-now', {
        productId: 'drip-bag-20',
        idempotencyKey: 'merchant-test-purchase-1',
      }),
      'buy now',
    );
    expect(bought.order.status).toBe('paid');

    // With a port that is not the shop's, a command says in one line what it could not reach.
    const closed = String(await freePort());
    const astray = await npmRun('reconcile', [], { ...running.portEnv, EMULATOR_PORT: closed });
    expect(astray.status, astray.output).toBe(1);
    expect(astray.output).toContain(
      `could not connect to the payment service at http://127.0.0.1:${closed} (ECONNREFUSED). Is \`npm run dev\` running?`,
    );
    expect(astray.output).not.toMatch(STACK);
    // `npm run jobs` with the mail catcher's port wrong says which mail server it could not reach,
    // and reconciles at once: the failed run of a moment ago holds nobody back.
    const misdirected = startScript('jobs', { ...running.portEnv, MAIL_CATCHER_SMTP_PORT: closed });
    jobs = misdirected;
    await waitFor('npm run jobs to give up on the mail server and reconcile', () => {
      const output = misdirected.output();
      if (misdirected.child.exitCode !== null) throw new Error(`npm run jobs exited:\n${output}`);
      return (
        output.includes(`could not send to the mail server at 127.0.0.1:${closed}`) &&
        /reconciliation done/.test(output)
      );
    });
    expect(misdirected.output()).not.toContain('reconciliation skipped');
    expect(misdirected.output()).not.toMatch(STACK);
    stopGroup(misdirected, 'SIGINT');
    expect(await misdirected.exited).toBe(0);

    // `npm run jobs` with nothing set sends the receipt (the app's own worker is off) and stays up.
    const jobsStarted = Date.now();
    // Polling less often than pg keeps an idle connection (10 s): between polls nothing but the
    // worker's own timer holds the process open.
    jobs = startScript('jobs', { ...running.commandEnv, MAIL_POLL_MS: '12000' });
    const worker = jobs;

    // An operator added while the shop runs signs in to the running app's console.
    const added = await npmRun('operators', ['add', 'ops@shop.example', '--role', 'admin'], running.commandEnv);
    expect(added.status, added.output).toBe(0);
    const password = added.output.match(/one-time password: (\S+)/)?.[1] ?? '';
    const operator = new Browser(running.app);
    const signedIn = await operator.request<{ operator: { email: string; mustChangePassword: boolean } }>(
      'POST',
      '/api/ops/session',
      { email: 'ops@shop.example', password },
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.operator).toMatchObject({ email: 'ops@shop.example', mustChangePassword: true });

    // A mistyped option, or a second mail catcher on the running shop's ports: one line, no stack trace.
    const mistyped = await npmRun('operators', ['add', 'kim@shop.example', '--rol', 'admin'], running.commandEnv);
    expect(mistyped.status, mistyped.output).toBe(2);
    expect(mistyped.output).toContain('usage: npm run operators');
    expect(mistyped.output).not.toMatch(STACK);
    const second = await npmRun('mail-catcher', [], running.portEnv, 60_000);
    expect(second.status, second.output).toBe(1);
    expect(second.output).toContain('mail catcher: a port is in use');
    expect(second.output).not.toMatch(STACK);
    const secondEmulator = await npmRun('emulator', [], running.portEnv, 60_000);
    expect(secondEmulator.status, secondEmulator.output).toBe(1);
    expect(secondEmulator.output).toContain('is in use: is the emulator (npm run dev) already running?');
    expect(secondEmulator.output).not.toMatch(STACK);

    const plans = await npmRun('plans', ['list'], running.commandEnv);
    expect(plans.status, plans.output).toBe(0);
    expect(plans.output).toMatch(/monthly-beans v1: \d+원/);

    const reconciled = await npmRun('reconcile', [], running.portEnv);
    expect(reconciled.status, reconciled.output).toBe(0);
    expect(reconciled.output).toMatch(/orders: \d+ checked, \d+ settled, 0 errors/);

    const receipt = await waitFor('the receipt from npm run jobs', async () => {
      if (worker.child.exitCode !== null) throw new Error(`npm run jobs exited:\n${worker.output()}`);
      const response = await fetch(`${running.mail}/api/messages?to=${encodeURIComponent(customer.email)}`);
      const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
      return messages.find((mail) => mail.subject.includes('결제 영수증'));
    });
    expect(receipt.text).toContain('결제가 완료되었습니다');
    // The bar: still running 20 s after it started (it used to exit after a second).
    await waitFor('20 s of npm run jobs', () => Date.now() - jobsStarted >= 20_000 || worker.child.exitCode !== null);
    expect(worker.child.exitCode, worker.output()).toBeNull();
    stopGroup(worker, 'SIGINT');
    expect(await worker.exited, worker.output()).toBe(0);
    expect(worker.output()).toContain('jobs: stopping after the current batch.');
    jobs = undefined;

    // Ctrl-C, start again: the customer's order and the operator are still there.
    expect(await running.stop()).toBe(0);
    expect(existsSync(path.join(running.dataDir, 'running-shop.json'))).toBe(false);
    shop = await startShop({ dataDir, databaseUrl });
    const again = new Browser(shop.app);
    await must(
      again.request('POST', '/api/session', { email: customer.email, password: customer.password }),
      'sign in',
    );
    const { orders } = await must(
      again.request<{ orders: { merchantUid: string; status: string }[] }>('GET', '/api/orders'),
      'orders',
    );
    expect(orders).toEqual([expect.objectContaining({ merchantUid: bought.order.merchantUid, status: 'paid' })]);
    const listed = await npmRun('operators', ['list'], shop.commandEnv);
    expect(listed.status, listed.output).toBe(0);
    expect(listed.output).toContain('ops@shop.example\tadmin');
  });
});
