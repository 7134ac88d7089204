// The bound of an instance's graceful stop (lib/http/graceful-stop.ts), in a child process as an
// instance runs it: a request that ends within the bound is answered and the process exits 0; one
// that outlasts it is cut and the process exits 1. (The standalone server under SIGTERM with a slow
// purchase in flight: test/processes/two-instances.process.test.ts.)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');

/** A server whose one route answers after `delayMs`, stopping within `graceMs`; prints its port. */
function serve(delayMs: number, graceMs: number) {
  const program = `
    import http from 'node:http';
    import { installGracefulStop } from './lib/http/graceful-stop.ts';
    installGracefulStop({ graceMs: ${graceMs}, onStop: async () => console.log('onStop ran') });
    const server = http.createServer((request, response) => {
      console.log('holding a request');
      setTimeout(() => response.end('done'), ${delayMs});
    });
    server.listen(0, '127.0.0.1', () => console.log('port', server.address().port));
  `;
  // As the app runs it: the react-server condition (its logger is server-only), its lines at info.
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', '--input-type=module', '-e', program],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'info' },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', () => {
      const found = output.match(/port (\d+)/);
      if (found) resolve(Number(found[1]));
    });
    child.on('exit', () => reject(new Error(`the server ended before listening:\n${output}`)));
  });
  return { child, port, exited, output: () => output };
}

/** Waits until the server holds a request (its answer is pending), then signals it. */
async function signalDuringRequest(delayMs: number, graceMs: number) {
  const server = serve(delayMs, graceMs);
  const port = await server.port;
  const answer = fetch(`http://127.0.0.1:${port}/slow`).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: Error) => ({ status: 0, body: error.message }),
  );
  while (!server.output().includes('holding a request')) await new Promise((resolve) => setTimeout(resolve, 20));
  server.child.kill('SIGTERM');
  return { answer: await answer, code: await server.exited, output: server.output() };
}

it('answers the request in flight, runs onStop and exits 0 when it ends within the bound', async () => {
  const { answer, code, output } = await signalDuringRequest(1_000, 10_000);
  expect(answer).toEqual({ status: 200, body: 'done' });
  expect(code, output).toBe(0);
  expect(output).toContain('SIGTERM: finishing 1 request(s)');
  expect(output).toContain('onStop ran');
});

it('cuts a request that outlasts the bound and exits 1, saying so', async () => {
  const { answer, code, output } = await signalDuringRequest(30_000, 500);
  expect(answer.status).not.toBe(200);
  expect(code, output).toBe(1);
  expect(output).toContain('stopped with 1 request(s) unanswered after 0.5 s');
});
