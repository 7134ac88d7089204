import { describe, expect, it } from 'vitest';
import { IamportWebhookError } from './errors';
import { parseWebhookBody } from './webhook';

const hint = { imp_uid: 'imp_000000000001', merchant_uid: 'order-1', status: 'paid' };

describe('parseWebhookBody', () => {
  it('reads a JSON notice', () => {
    expect(parseWebhookBody(JSON.stringify({ ...hint, extra: 1 }), 'application/json; charset=utf-8')).toEqual(hint);
  });

  it('reads a form-urlencoded notice', () => {
    const body = new URLSearchParams({ ...hint, cancellation_id: 'x' }).toString();
    expect(parseWebhookBody(body, 'application/x-www-form-urlencoded')).toEqual(hint);
  });

  it('tells the encodings apart when the content type is missing', () => {
    expect(parseWebhookBody(JSON.stringify(hint), null)).toEqual(hint);
    expect(parseWebhookBody(new URLSearchParams(hint).toString(), null)).toEqual(hint);
  });

  it.each([
    ['a missing field', JSON.stringify({ imp_uid: 'imp_1', status: 'paid' }), 'application/json', /merchant_uid/],
    ['broken JSON', '{"imp_uid":', 'application/json', /not JSON/],
    ['an unsupported type', 'imp_uid=x', 'text/plain', /unsupported content type text\/plain/],
    ['an empty field', 'imp_uid=&merchant_uid=m&status=paid', 'application/x-www-form-urlencoded', /imp_uid/],
  ])('refuses %s with a typed error', (_, body, type, message) => {
    expect(() => parseWebhookBody(body, type)).toThrow(IamportWebhookError);
    expect(() => parseWebhookBody(body, type)).toThrow(message);
  });
});
