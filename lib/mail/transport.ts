import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/env';
import { testOverride } from '@/lib/overrides';

declare module '@/lib/overrides' {
  interface TestOverrides {
    /** A transport to the test's own mail catcher (see test/kits/mail.ts). */
    mailTransport: Transporter;
  }
}

// One pooled SMTP connection set per process: the worker sends several mails at once.
let transport: Transporter | undefined;

export function mailTransport(): Transporter {
  const standIn = testOverride('mailTransport');
  if (standIn) return standIn;
  transport ??= createMailTransport(env.SMTP_URL);
  return transport;
}

export function createMailTransport(url: string): Transporter {
  const parsed = new URL(url);
  return nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username && {
      auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
    }),
    // A mail catcher on loopback speaks plain SMTP; a real server is asked for STARTTLS when it offers it.
    ignoreTLS: ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname),
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Ends the pooled connections (a mail server waits for its clients to leave before it closes). */
export function closeMailTransport(): void {
  transport?.close();
  transport = undefined;
}
