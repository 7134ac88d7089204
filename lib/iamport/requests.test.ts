import { describe, expect, it } from 'vitest';
import { createFakeService, envelope, paymentRecord } from '@/test/doubles/iamport-service';
import { IamportRequestError } from './errors';
import { createIamportClient } from './service-client';

// A bad call must fail here, before anything is sent: the service double (see
// test/doubles/iamport-service.ts) records every request, so "nothing was sent" is checked, not
// assumed.

function setup() {
  const fake = createFakeService({ now: 1_700_000_000, handle: () => envelope(paymentRecord()) });
  const client = createIamportClient({ baseUrl: 'http://service.test', key: 'k', secret: 's', fetch: fake.fetch });
  return { fake, client };
}

const card = { card_number: '4242-4242-4242-4242', expiry: '2030-12', birth: '900101', pwd_2digit: '12' };
const again = { customer_uid: 'c1', merchant_uid: 'order-1', amount: 1000, name: 'plan' };

async function refusal(promise: Promise<unknown>): Promise<IamportRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IamportRequestError);
  return error as IamportRequestError;
}

describe('request validation', () => {
  it.each([
    ['merchant_uid over 40', { ...again, merchant_uid: 'x'.repeat(41) }, 'merchant_uid', 'at most 40 characters'],
    ['buyer_name over 16', { ...again, buyer_name: '가'.repeat(17) }, 'buyer_name', 'at most 16 characters'],
    ['buyer_email over 64', { ...again, buyer_email: `${'a'.repeat(60)}@x.com` }, 'buyer_email', 'at most 64'],
    ['buyer_tel over 16', { ...again, buyer_tel: '0'.repeat(17) }, 'buyer_tel', 'at most 16'],
    ['buyer_addr over 128', { ...again, buyer_addr: 'a'.repeat(129) }, 'buyer_addr', 'at most 128'],
    ['buyer_postcode over 8', { ...again, buyer_postcode: '123456789' }, 'buyer_postcode', 'at most 8'],
    ['a zero amount', { ...again, amount: 0 }, 'amount', 'greater than 0'],
    ['no customer_uid', { ...again, customer_uid: '' }, 'customer_uid', 'must not be empty'],
    ['an unknown option', { ...again, merchantUid: 'typo' }, '(options)', 'merchantUid'],
  ])('refuses an again with %s, naming the field', async (_, input, field, message) => {
    const { fake, client } = setup();
    const error = await refusal(client.charges.again(input as never));
    expect(error.fields.map((f) => f.field)).toContain(field);
    expect(error.message).toContain(message);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['card_number', '4242424242424242', 'XXXX-XXXX-XXXX-XXXX'],
    ['card_number', '4242-4242-4242-424x', 'XXXX-XXXX-XXXX-XXXX'],
    ['expiry', '2030-13', 'YYYY-MM'],
    ['expiry', '12/30', 'YYYY-MM'],
    ['birth', '9001011', 'YYMMDD'],
    ['pwd_2digit', '123', '2 digits'],
  ])('refuses a card with a bad %s (%s) without echoing it', async (field, value, message) => {
    const { fake, client } = setup();
    const error = await refusal(client.billingKeys.register({ customer_uid: 'c1', ...card, [field]: value }));
    expect(error.fields).toEqual([{ field, message: expect.stringContaining(message) }]);
    expect(error.message).not.toContain(value);
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts a corporate card: a 10-digit business number as birth', async () => {
    const { fake, client } = setup();
    fake.handle = () => envelope({ customer_uid: 'c1', card_name: '법인카드' });
    const result = await client.billingKeys.register({ customer_uid: 'c1', ...card, birth: '1234567890' });
    expect(result.outcome).toBe('issued');
  });

  it('checks every booking of a schedule, naming its index', async () => {
    const { fake, client } = setup();
    const error = await refusal(
      client.schedules.create({
        customer_uid: 'c1',
        schedules: [
          { merchant_uid: 'm1', schedule_at: 1_700_003_600, amount: 1000, name: 'plan' },
          { merchant_uid: 'm2', schedule_at: 1.5, amount: 1000, name: 'plan' },
        ],
      }),
    );
    expect(error.fields).toEqual([{ field: 'schedules.1.schedule_at', message: 'expected whole seconds' }]);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a cancel that names no payment', async () => {
    const { client } = setup();
    const error = await refusal(client.payments.cancel({ reason: 'changed mind' }));
    expect(error.fields).toEqual([{ field: 'imp_uid', message: 'give imp_uid or merchant_uid' }]);
  });

  it('sends exactly the validated fields: no timeout option in the body, custom_data as JSON text', async () => {
    const { fake, client } = setup();
    fake.handle = () => envelope(paymentRecord({ merchant_uid: 'order-1' }));
    await client.charges.again({ ...again, custom_data: { plan: 'basic' }, timeoutMs: 5000 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/subscribe/payments/again',
      body: { ...again, custom_data: '{"plan":"basic"}' },
    });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('timeoutMs');
  });

  it('encodes ids in paths', async () => {
    const { fake, client } = setup();
    fake.handle = () => envelope({ customer_uid: 'a/b c', card_name: 'x' });
    await client.billingKeys.get({ customer_uid: 'a/b c' });
    expect(fake.requests.at(-1)?.path).toBe('/subscribe/customers/a%2Fb%20c');
  });
});
