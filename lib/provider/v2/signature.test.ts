import { createHmac } from 'node:crypto';
import { Webhook } from '@portone/server-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderNoticeError } from '../errors';
import { TOLERANCE_SECONDS, verifySignature } from './signature';

// Standard Webhooks as the V2 service signs its notices, judged on the service's clock.

const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
const BODY = '{"type":"Transaction.Paid","timestamp":"2026-01-15T03:00:00Z","data":{"paymentId":"ord_1"}}';
const AT = 1_768_446_000;

const sign = (secret: string, id: string, at: number, body: string) =>
  createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${at}.${body}`)
    .digest('base64');

const headersOf = (signature: string, at = AT) =>
  new Headers({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(at), 'webhook-signature': signature });

/** A service clock at `now` that reads `fresh` when asked to look again. */
const clock = (now: number, fresh = now) =>
  vi.fn(async (options?: { fresh?: boolean }) => (options?.fresh ? fresh : now));

afterEach(() => vi.useRealTimers());

describe('verifySignature', () => {
  it('accepts one matching v1 signature among several, as the SDK does', async () => {
    const signature = `v1,${Buffer.alloc(32).toString('base64')} v2,x v1,${sign(SECRET, 'msg_1', AT, BODY)}`;
    await expect(verifySignature(SECRET, BODY, headersOf(signature), clock(AT + 10))).resolves.toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'], now: (AT + 10) * 1000 });
    await expect(Webhook.verify(SECRET, BODY, Object.fromEntries(headersOf(signature)))).resolves.toMatchObject({
      type: 'Transaction.Paid',
    });
  });

  it('refuses another secret, another body, and missing headers, without reading the clock', async () => {
    const now = clock(AT);
    const other = `whsec_${Buffer.from('another secret').toString('base64')}`;
    const signed = headersOf(`v1,${sign(other, 'msg_1', AT, BODY)}`);
    await expect(verifySignature(SECRET, BODY, signed, now)).rejects.toBeInstanceOf(ProviderNoticeError);
    const ours = headersOf(`v1,${sign(SECRET, 'msg_1', AT, BODY)}`);
    await expect(verifySignature(SECRET, BODY.replace('ord_1', 'ord_2'), ours, now)).rejects.toThrow(/no signature/);
    await expect(verifySignature(SECRET, BODY, new Headers(), now)).rejects.toThrow(/missing/);
    expect(now).not.toHaveBeenCalled();
  });

  it('refuses a replay older than the tolerance on the service clock, after looking at the clock again', async () => {
    const signature = `v1,${sign(SECRET, 'msg_1', AT, BODY)}`;
    const late = clock(AT + TOLERANCE_SECONDS + 1);
    await expect(verifySignature(SECRET, BODY, headersOf(signature), late)).rejects.toThrow(/tolerance/);
    expect(late).toHaveBeenCalledWith({ fresh: true });
    // A clock estimate from before the service's clock jumped: the fresh reading decides.
    const jumped = clock(AT - 30 * 86_400, AT + 5);
    await expect(verifySignature(SECRET, BODY, headersOf(signature), jumped)).resolves.toBeUndefined();
  });
});
