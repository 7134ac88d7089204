// `iamport-emulator`: the emulator as a command, for a merchant's server that is not this app.
// A mistake in the arguments, a port in use or a damaged journal is one clear line and exit code,
// never a stack trace.
import { parseArgs } from 'node:util';
import { JournalCorrupt } from './core/store/journal';
import { DEFAULT_CALLBACK_URL, type Merchant, merchantFromFlag } from './merchants';
import { startEmulator } from './server';

const HELP = `iamport-emulator — the iamport (PortOne V1) payment service, offline

Usage: iamport-emulator [options]

  --port <n>            port to listen on (default 4010; 0 picks a free one)
  --v2-port <n>         PortOne V2's REST API port (default: --port + 1; free when --port is 0)
  --host <address>      address to listen on (default 127.0.0.1)
  --data-dir <dir>      keep state in <dir> across restarts (default: in memory, nothing written)
  --merchant <code:key:secret[:callback_url]>
                        a merchant account (repeatable; the first is the default one);
                        default imp00000000:test_key:test_secret:${DEFAULT_CALLBACK_URL}
  --clock <time>        where the virtual clocks start: ISO date-time or UNIX seconds (default: now)
  --frozen              the clocks stand still until moved (POST /__emulator/api/clock/advance)
  --version, --help

V1 REST API at /, PortOne V2's on the V2 port, client script at /v1/iamport.js, dashboard at /__emulator/, control API at
/__emulator/api/ (see the package's README).`;

class UsageError extends Error {}

/** `code:key:secret[:callback_url]` — the callback URL may itself hold colons. */
function merchantOf(value: string): Merchant {
  const merchant = merchantFromFlag(value);
  if (!merchant) throw new UsageError(`--merchant ${value}: expected code:key:secret[:callback_url]`);
  return merchant;
}

function clockStart(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Date.parse(value) / 1000;
  if (!Number.isFinite(seconds)) throw new UsageError(`--clock ${value}: expected an ISO date-time or UNIX seconds`);
  return Math.floor(seconds);
}

function options(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '4010' },
      'v2-port': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: ':memory:' },
      merchant: { type: 'string', multiple: true },
      clock: { type: 'string' },
      frozen: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port ${values.port}: expected 0–65535`);
  const v2Port = values['v2-port'] === undefined ? undefined : Number(values['v2-port']);
  if (v2Port !== undefined && (!Number.isInteger(v2Port) || v2Port < 0 || v2Port > 65_535))
    throw new UsageError(`--v2-port ${values['v2-port']}: expected 0–65535`);
  return { ...values, port, v2Port, merchants: values.merchant?.map(merchantOf) };
}

async function main(args: string[]): Promise<void> {
  const o = options(args);
  if (o.help) return console.log(HELP);
  if (o.version) return console.log(process.env.IAMPORT_EMULATOR_VERSION ?? 'source');
  const start = clockStart(o.clock);
  const emulator = await startEmulator({
    port: o.port,
    ...(o.v2Port === undefined ? {} : { v2Port: o.v2Port }),
    host: o.host,
    dataDir: o['data-dir'],
    merchants: o.merchants,
    clock: { ...(start === undefined ? {} : { start }), frozen: o.frozen },
  });
  const data = o['data-dir'] === ':memory:' ? 'in memory' : o['data-dir'];
  const cpu = process.cpuUsage();
  const startUp = `${Math.round(performance.now())} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`;
  console.log(
    `iamport-emulator listening on ${emulator.url} (PortOne V2 on ${emulator.v2Url}; data ${data}; merchants ${emulator.core
      .merchants()
      .map((m) => m.code)
      .join(', ')}; start-up ${startUp})`,
  );
  const stop = () => {
    emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** What went wrong, said in one line, and the exit code (2: the arguments). */
function explain(error: unknown): { message: string; exitCode: number } {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof UsageError) return { message: error.message, exitCode: 2 };
  if (code?.startsWith('ERR_PARSE_ARGS')) return { message: `${(error as Error).message} (see --help)`, exitCode: 2 };
  if (code === 'EADDRINUSE') return { message: 'the port is in use; --port 0 picks a free one', exitCode: 1 };
  if (error instanceof JournalCorrupt || code) return { message: (error as Error).message, exitCode: 1 };
  return { message: (error as Error).stack ?? String(error), exitCode: 1 };
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const { message, exitCode } = explain(error);
  console.error(`iamport-emulator: ${message}`);
  process.exit(exitCode);
});
