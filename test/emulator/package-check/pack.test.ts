// The emulator as its own npm package: `npm pack` (which builds it to plain JavaScript), installed
// into an empty directory with only its declared dependencies (from the npm cache or registry),
// then used as another project would — its bin driven over HTTP, its programmatic API from a
// plain Node script, its type declarations checked by TypeScript on `moduleResolution: nodenext`.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../kit';

const run = promisify(execFile);
const here = import.meta.dirname;
const packageDir = path.join(here, '..', '..', '..', 'emulator');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const EXPECTED = {
  token: true,
  billing_key: 'pack-customer',
  charge: 'paid',
  vbank: ['ready', 'paid'],
  schedule: ['executed', 'paid'],
  notices: [
    ['pack-charge', 'paid', 'delivered'],
    ['pack-vbank', 'ready', 'delivered'],
    ['pack-vbank', 'paid', 'delivered'],
    ['pack-renewal', 'paid', 'delivered'],
  ],
};

/** Resolves with the bin's "listening on <url>" line (rejects if it exits first). */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('listening on'));
      if (line) resolve(line);
    });
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`iamport-emulator exited with ${code}: ${err}`)));
  });
}

describe('the emulator as an npm package', () => {
  let dir: string;
  let receiver: WebhookReceiver;
  let bin: ChildProcess | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'emulator-package-'));
    receiver = await startWebhookReceiver();
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: packageDir });
    const [tarball] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[];
    const filename = tarball?.filename ?? '';
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'];
    await run('npm', ['install', `./${filename}`, ...flags], { cwd: dir });
    for (const file of ['consumer.mjs', 'consumer-types.ts']) copyFileSync(path.join(here, file), path.join(dir, file));
  }, 180_000);

  afterAll(async () => {
    // The bin saves its state to <dir>/data as it stops: wait for it to exit before removing the
    // directory, or the removal races its last write (ENOTEMPTY).
    if (bin && bin.exitCode === null && bin.signalCode === null) {
      const exited = new Promise((resolve) => bin?.once('exit', resolve));
      bin.kill('SIGTERM');
      await exited;
    }
    await receiver.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('installs with only its declared dependencies, and no TypeScript source or tsx', () => {
    const installed = path.join(dir, 'node_modules', '@imp-checkout', 'iamport-emulator');
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['jquery', 'qs']);
    const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: object };
    const names = Object.keys(lock.packages).filter((p) =>
      /^node_modules\/[^/]+$|^node_modules\/@[^/]+\/[^/]+$/.test(p),
    );
    expect(names).not.toContain('node_modules/tsx');
    expect(names).not.toContain('node_modules/typescript');
    expect(readFileSync(path.join(installed, 'dist', 'index.js'), 'utf8')).not.toMatch(/\binterface\s+\w+\s*\{/);
  });

  it('its bin serves a merchant given on the command line; a token, billing key, charge, deposit and schedule over HTTP', async () => {
    const dataDir = path.join(dir, 'data');
    const merchant = `imp12345678:pack_key:pack_secret:${receiver.url}`;
    bin = spawn(
      path.join(dir, 'node_modules', '.bin', 'iamport-emulator'),
      ['--port', '0', '--data-dir', dataDir, '--merchant', merchant],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const line = await listening(bin);
    // The start-up's own CPU time (Node's included), less sensitive to a loaded machine than wall time.
    const cpu = Number(/CPU (\d+) ms/.exec(line)?.[1]);
    expect(cpu).toBeLessThan(300);
    const url = /listening on (\S+)/.exec(line)?.[1] ?? '';
    const { stdout } = await run(process.execPath, ['consumer.mjs', url], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ ...EXPECTED, received: null });
    await receiver.waitFor(4);
    // Deliveries run side by side: on a loaded machine one payment's notice may overtake another's.
    const byPayment = (notices: unknown[][]) => notices.map(([uid, status]) => `${uid} ${status}`).sort();
    expect(byPayment(receiver.received.map((r) => [r.fields.merchant_uid, r.fields.status]))).toEqual(
      byPayment(EXPECTED.notices),
    );
  }, 60_000);

  it('says what is wrong with its arguments in one line (exit 2)', async () => {
    const command = path.join(dir, 'node_modules', '.bin', 'iamport-emulator');
    const failure = await run(command, ['--merchant', 'nope']).catch((e: { code: number; stderr: string }) => e);
    expect(failure).toMatchObject({
      code: 2,
      stderr: 'iamport-emulator: --merchant nope: expected code:key:secret[:callback_url]\n',
    });
    expect((await run(command, ['--help'])).stdout).toContain('--data-dir <dir>');
  });

  it('its programmatic API does the same from a plain Node script', async () => {
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual({ ...EXPECTED, received: 4 });
  }, 60_000);

  it('its type declarations serve a TypeScript project on moduleResolution nodenext', async () => {
    const config = {
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [path.join(packageDir, '..', 'node_modules', '@types')],
      },
      files: ['consumer-types.ts'],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
    const checked = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir }).catch(
      (e: { stdout: string }) => e,
    );
    expect(checked.stdout).toBe('');
  }, 60_000);
});
