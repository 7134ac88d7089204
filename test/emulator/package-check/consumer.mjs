// A merchant's server in miniature, using only the installed package (plain Node, no tsx): a
// token, a billing key, a charge, a virtual account paid by a deposit, and a schedule run by
// moving the merchant's clock. Given a URL it drives that emulator (the bin); without one it starts
// its own with the programmatic API. Prints what it saw as one line of JSON.
import { EmulatorClient, startEmulator, startWebhookReceiver, TEST_CARDS } from '@imp-checkout/iamport-emulator';

const merchant = {
  code: 'imp12345678',
  key: 'pack_key',
  secret: 'pack_secret',
  webhook_format: 'json',
  webhook_retry: 'none',
};
const given = process.argv[2];
const receiver = given ? null : await startWebhookReceiver();
const emulator = given
  ? null
  : await startEmulator({ port: 0, merchants: [{ ...merchant, callback_url: receiver.url }] });
const client = new EmulatorClient(given ?? emulator.url, { ...merchant, callback_url: receiver?.url ?? '' });

async function rest(method, path, body) {
  const answer = await client.rest(method, path, body);
  if (answer.body.code !== 0) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.message}`);
  return answer.body.response;
}

const token = await client.getToken();
const key = await rest('POST', '/subscribe/customers/pack-customer', {
  card_number: TEST_CARDS.approved,
  expiry: '2099-12',
});
const charge = await rest('POST', '/subscribe/payments/again', {
  customer_uid: 'pack-customer',
  merchant_uid: 'pack-charge',
  amount: 9900,
  name: '월 구독',
});
const now = await client.now(merchant.code);
const vbank = await rest('POST', '/vbanks', {
  merchant_uid: 'pack-vbank',
  amount: 30000,
  vbank_code: '088',
  vbank_due: now + 86400,
});
const deposit = await client.deposit(vbank.imp_uid);
await rest('POST', '/subscribe/payments/schedule', {
  customer_uid: 'pack-customer',
  schedules: [{ merchant_uid: 'pack-renewal', schedule_at: now + 3600, amount: 9900, name: '월 구독' }],
});
await client.advanceClock(3600, merchant.code);
const schedule = await rest('GET', '/subscribe/payments/schedule/pack-renewal');
const log = await client.webhooks({ merchant_code: merchant.code });

console.log(
  JSON.stringify({
    token: /^[0-9a-f]{40}$/.test(token.access_token),
    billing_key: key.customer_uid,
    charge: charge.status,
    vbank: [vbank.status, deposit.payment.status],
    schedule: [schedule.schedule_status, schedule.payment_status],
    notices: log.map((w) => [w.merchant_uid, JSON.parse(w.body).status, w.status]),
    received: receiver?.received.length ?? null,
  }),
);
await emulator?.close();
await receiver?.close();
