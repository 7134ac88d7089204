// A local mail catcher, the way Mailpit or MailHog is used in development: an SMTP server on a
// loopback port that keeps every message it accepts (in memory), and a small web page and JSON API
// to read them. `npm run dev` and the e2e setup start it; tests start their own on free ports.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail } from './caught-mail';
import { renderInbox } from './inbox-page';

export type { CaughtMail } from './caught-mail';

export interface MailCatcher {
  smtpPort: number;
  webPort: number;
  /** The web page and API (`/api/messages`). */
  url: string;
  messages(): CaughtMail[];
  clear(): void;
  /** The next `count` messages are refused with a temporary failure (451), as a busy server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** Oldest messages are dropped past this many, so a long dev session does not grow without end. */
const KEEP = 50_000;

export async function startMailCatcher({ smtpPort = 0, webPort = 0, host = '127.0.0.1' } = {}): Promise<MailCatcher> {
  const kept: CaughtMail[] = [];
  let nextId = 1;
  let refusals = 0;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        return callback(Object.assign(new Error('mail catcher: try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          kept.push({
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          });
          if (kept.length > KEEP) kept.splice(0, kept.length - KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, () => resolve());
  });

  const web = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/health') return json(200, { ok: true });
    if (url.pathname === '/api/messages' && request.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return json(200, { messages: to ? kept.filter((mail) => mail.to.includes(to)) : kept });
    }
    if (url.pathname === '/api/messages' && request.method === 'DELETE') {
      kept.length = 0;
      return json(200, { ok: true });
    }
    if (url.pathname === '/api/faults' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const count = Number((JSON.parse(body || '{}') as { refuse?: unknown }).refuse);
        if (!Number.isInteger(count) || count < 0) return json(400, { error: 'expected { refuse: n }' });
        refusals = count;
        json(200, { refuse: count });
      });
      return;
    }
    if (url.pathname === '/' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(renderInbox(kept, url.searchParams.get('id')));
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(webPort, host, () => resolve());
  });

  const actualWebPort = (web.address() as AddressInfo).port;
  const address = smtp.server.address() as AddressInfo;
  return {
    smtpPort: address.port,
    webPort: actualWebPort,
    url: `http://${host}:${actualWebPort}`,
    messages: () => [...kept],
    clear: () => {
      kept.length = 0;
    },
    refuseNext: (count) => {
      refusals = count;
    },
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.closeAllConnections();
          web.close(() => resolve());
        }),
      ]).then(() => undefined),
  };
}
