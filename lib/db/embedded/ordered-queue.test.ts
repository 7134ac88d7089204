// The embedded server keeps one connection's extended-protocol exchange together: raw protocol
// messages on two sockets, so the interleaving that pg makes only now and then happens every time.
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ServedDatabase, serveDatabase } from './server';

let db: PGlite;
let served: ServedDatabase;
beforeAll(async () => {
  db = await PGlite.create();
  served = await serveDatabase(db);
});
afterAll(async () => {
  await served.stop();
  await db.close();
});

const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(n);
  return buffer;
};
const text = (value: string) => Buffer.from(`${value}\0`);
const message = (type: string, ...body: Buffer[]) => {
  const content = Buffer.concat(body);
  return Buffer.concat([Buffer.from(type), int32(content.length + 4), content]);
};
const parse = (query: string) => message('P', text(''), text(query), int16(0));
const bind = (...values: string[]) =>
  message(
    'B',
    text(''),
    text(''),
    int16(0),
    int16(values.length),
    ...values.flatMap((v) => [int32(v.length), Buffer.from(v)]),
    int16(0),
  );
const rest = [message('D', Buffer.from('P'), text('')), message('E', text(''), int32(0)), message('S')];

/** A raw protocol connection: what it received, as message types and the text of rows and errors. */
async function connect() {
  const socket = net.connect({ host: '127.0.0.1', port: served.port });
  let received = Buffer.alloc(0);
  const messages: { type: string; body: Buffer }[] = [];
  socket.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    while (received.length >= 5 && received.length >= 1 + received.readInt32BE(1)) {
      const length = received.readInt32BE(1);
      messages.push({ type: String.fromCharCode(received[0] ?? 0), body: received.subarray(5, 1 + length) });
      received = received.subarray(1 + length);
    }
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  const startup = Buffer.concat([
    int32(196608),
    text('user'),
    text('postgres'),
    text('database'),
    text('postgres'),
    text(''),
  ]);
  socket.write(Buffer.concat([int32(startup.length + 4), startup]));
  const count = (type: string) => messages.filter((m) => m.type === type).length;
  const until = async (done: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !done(); ) {
      if (Date.now() > deadline) throw new Error(`no answer; received ${messages.map((m) => m.type).join('')}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await until(() => count('Z') === 1);
  return {
    socket,
    count,
    until,
    /** Data rows' values and errors' texts, in order. */
    answers: () =>
      messages
        .filter((m) => m.type === 'D' || m.type === 'E')
        .map((m) => (m.type === 'E' ? `error: ${m.body.toString('latin1')}` : m.body.subarray(6).toString('latin1'))),
  };
}

it("runs another connection's query only after this one's Sync, not between its Parse and its Execute", async () => {
  const a = await connect();
  const b = await connect();
  a.socket.write(Buffer.concat([parse('select $1::int as a'), bind('1')]));
  await a.until(() => a.count('2') === 1); // BindComplete: A is mid-exchange
  b.socket.write(Buffer.concat([parse("select $1::text || '/' || $2::text as b"), bind('2', '3'), ...rest]));
  // B's messages reach the server: they wait their turn, or (the bug) run at once.
  await b.until(() => served.stats().queued > 0 || b.count('Z') === 2);
  a.socket.write(Buffer.concat(rest));
  await a.until(() => a.count('Z') === 2);
  await b.until(() => b.count('Z') === 2);
  expect(a.answers()).toEqual(['1']);
  expect(b.answers()).toEqual(['2/3']);
  a.socket.destroy();
  b.socket.destroy();
});

it('a connection that closes mid-transaction is rolled back and lets the others run', async () => {
  const a = await connect();
  a.socket.write(message('Q', text('begin; create table left_open (id int)')));
  await a.until(() => a.count('Z') === 2);
  a.socket.destroy();
  const b = await connect();
  b.socket.write(message('Q', text("select count(*) from pg_tables where tablename = 'left_open'")));
  await b.until(() => b.count('Z') === 2);
  expect(b.answers()).toEqual(['0']);
  b.socket.destroy();
});
