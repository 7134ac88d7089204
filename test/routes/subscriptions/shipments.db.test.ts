// Goods subscriptions' boxes (issue 32.8, 33.1): each paid period of a goods plan is one box made
// when its charge is paid, a free trial of goods is a box of its own (0 won), and an operator ships
// each from the console's queue (준비 → 발송 with carrier and tracking → 배송 완료), as an order.
// Cancelling never stops a box already made (its period is paid: I9); only a full refund of its
// charge before it was sent holds it back.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, subscriptionCharges } from '@/lib/db/schema';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { signedInOperator } from '@/test/kits/ops';
import { boxesStored, shipmentCalls } from '@/test/kits/shipments';
import { deliver, notice, Subscriber, setupSubscriptionTest, TEST_SHIPPING } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const mailsAbout = async (subject: string) =>
  (await app.db().select().from(mailOutbox).where(eq(mailOutbox.subject, subject))).map(
    (m) => `${m.kind}:${m.occasion}`,
  );
const ship = { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' };
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe('a box per paid period', () => {
  it('the first charge paid is box 1, the renewal box 2, each once however often its notice comes', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    expect(s.number).toMatch(/^S\d{6}-\d{6}$/);
    const [first] = await chargesOf(s.id);
    const boxes = await boxesStored(s.id);
    expect(boxes).toMatchObject([
      {
        kind: 'period',
        sequence: 1,
        number: `${s.number}-1`,
        chargeId: first?.id,
        productName: '월간 원두 정기배송 1회차',
        fulfilment: 'ordered',
        shipping: TEST_SHIPPING,
        periodStart: first?.periodStart,
        periodEnd: first?.periodEnd,
      },
    ]);
    // The customer's page lists it.
    expect((await subscriber.get(s.id)).shipments).toMatchObject([{ number: `${s.number}-1`, fulfilment: 'ordered' }]);

    await app.emulator().advanceTo(s.currentPeriodEnd ?? 0);
    const renewal = (await chargesOf(s.id)).find((c) => c.kind === 'renewal' && c.status === 'paid');
    if (!renewal) throw new Error('not renewed');
    // The notice again, five times at once: still one box for the charge.
    await Promise.all(Array.from({ length: 5 }, () => deliver(notice(renewal.impUid ?? '', renewal.merchantUid))));
    const after = await boxesStored(s.id);
    expect(after.map((b) => [b.sequence, b.number, b.chargeId])).toEqual([
      [1, `${s.number}-1`, first?.id],
      [2, `${s.number}-2`, renewal.id],
    ]);
    expect(after[1]?.productName).toBe('월간 원두 정기배송 2회차');
  });

  it('a service plan ships nothing; a failed first charge ships nothing', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('hourly-demo');
    expect(await boxesStored(s.id)).toEqual([]);
    expect((await subscriber.get(s.id)).shipments).toEqual([]);

    const declined = await Subscriber.withCard('4000-0000-0000-9995');
    const response = await declined.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: crypto.randomUUID() });
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    expect(await boxesStored(subscriptionId)).toEqual([]);
  });
});

describe('a free trial of goods ships a trial box', () => {
  it('the terms say so; the trial starts with box 1 at 0 won, the first paid period is box 2', async () => {
    const subscriber = await Subscriber.withCard();
    const offer = (await subscriber.offer('tasting-club')).text.join('\n');
    expect(offer).toContain('체험 상자: 무료 체험을 시작하면 원두 테이스팅 클럽 체험 상자를 0원에 바로 보내 드립니다.');
    const s = await subscriber.subscribe('tasting-club');
    const [trialBox] = await boxesStored(s.id);
    expect(trialBox).toMatchObject({
      kind: 'trial',
      sequence: 1,
      chargeId: null,
      productName: '원두 테이스팅 클럽 체험 상자',
      periodEnd: s.trialEndsAt,
      fulfilment: 'ordered',
    });
    // Nothing was charged for it.
    const customerUid = (await chargesOf(s.id))[0]?.customerUid;
    expect((await app.emulator().payments()).filter((p) => p.customer_uid === customerUid)).toEqual([]);

    // The trial turns paid only with the customer's yes (issue 33).
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(200);
    await app.emulator().advanceTo(s.trialEndsAt ?? 0);
    const boxes = await boxesStored(s.id);
    expect(boxes.map((b) => [b.kind, b.sequence])).toEqual([
      ['trial', 1],
      ['period', 2],
    ]);
    expect(boxes[1]?.productName).toBe('원두 테이스팅 클럽 2회차');
  });

  it('a second subscription of the plan (no second trial) starts with a paid box, no trial box', async () => {
    const subscriber = await Subscriber.withCard();
    const trial = await subscriber.subscribe('tasting-club');
    expect((await subscriber.cancelNow(trial.id)).status).toBe(200);
    const again = await subscriber.subscribe('tasting-club');
    expect((await boxesStored(again.id)).map((b) => [b.kind, b.sequence])).toEqual([['period', 1]]);
    expect((await subscriber.offer('tasting-club')).text.join('\n')).not.toContain('체험 상자');
  });
});

describe('cancelling does not stop a box already made', () => {
  it('cancel now: the quote names the unsent box, nothing is refunded, and the box still ships', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    expect(await subscriber.quoteCancelNow(s.id)).toMatchObject({
      refund: 0,
      shipped: true,
      box: { number: `${s.number}-1`, kind: 'period', fulfilment: 'ordered' },
    });
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    expect((await boxesStored(s.id)).map((b) => b.fulfilment)).toEqual(['ordered']);
    const admin = await signedInOperator('admin');
    const queue = await shipmentCalls(admin).list('queue=to_ship');
    expect(queue.find((b) => b.number === `${s.number}-1`)).toMatchObject({ subscriptionEnding: true });
    expect((await shipmentCalls(admin).step(`${s.number}-1`, ship)).status).toBe(200);
  });

  it('a trial cancelled (at its end, or now) still ships its box', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    expect((await subscriber.cancelNow(s.id)).status).toBe(200);
    expect((await boxesStored(s.id)).map((b) => [b.kind, b.fulfilment])).toEqual([['trial', 'ordered']]);
  });
});

describe("an operator's full refund holds back a box not yet sent", () => {
  const refundAll = async (merchantUid: string) => {
    const admin = await signedInOperator('admin');
    return refundPayment(admin.operator, merchantUid, {
      amount: 19_900,
      refundable: 19_900,
      reason: 'customer_request',
      note: '',
    });
  };

  it('unsent: held back (cancelled), its step refused; already shipped: it stays on its way', async () => {
    const admin = await signedInOperator('admin');
    const unsent = await Subscriber.withCard();
    const a = await unsent.subscribe('monthly-beans');
    expect((await refundAll((await chargesOf(a.id))[0]?.merchantUid ?? '')).refunded).toBe(19_900);
    expect((await boxesStored(a.id)).map((b) => [b.fulfilment, b.cancelledAt !== null])).toEqual([['cancelled', true]]);
    const refused = await shipmentCalls(admin).step(`${a.number}-1`, ship);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('shipment_held_back');

    const sent = await Subscriber.withCard();
    const b = await sent.subscribe('monthly-beans');
    expect((await shipmentCalls(admin).step(`${b.number}-1`, ship)).status).toBe(200);
    await refundAll((await chargesOf(b.id))[0]?.merchantUid ?? '');
    expect((await boxesStored(b.id)).map((x) => x.fulfilment)).toEqual(['shipped']);
  });

  it('a partial refund leaves the box to ship', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const admin = await signedInOperator('admin');
    await refundPayment(admin.operator, (await chargesOf(s.id))[0]?.merchantUid ?? '', {
      amount: 3_000,
      refundable: 19_900,
      reason: 'customer_request',
      note: '',
    });
    expect((await boxesStored(s.id)).map((b) => b.fulfilment)).toEqual(['ordered']);
  });
});

describe("the customer's new address", () => {
  it('goes on a box nobody has started to prepare, not on one being prepared', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(200);
    await app.emulator().advanceTo(s.trialEndsAt ?? 0);
    const admin = await signedInOperator('admin');
    // The trial box is being prepared; the first paid period's box is not yet.
    expect((await shipmentCalls(admin).step(`${s.number}-1`, { action: 'prepare' })).status).toBe(200);
    const elsewhere = { ...TEST_SHIPPING, recipient: '박받음', address: '서울특별시 강남구 테헤란로 152' };
    expect((await subscriber.changeShipping(s.id, elsewhere)).status).toBe(200);
    expect((await boxesStored(s.id)).map((b) => [b.sequence, b.fulfilment, b.shipping.recipient])).toEqual([
      [1, 'preparing', TEST_SHIPPING.recipient],
      [2, 'ordered', '박받음'],
    ]);
  });
});

describe("the console's queue and steps", () => {
  it('to ship → prepared → shipped (carrier, tracking, mail, audit) → delivered; the customer sees each step', async () => {
    const subscriber = await Subscriber.withCard();
    const noted = { ...TEST_SHIPPING, note: '문 앞에 놓아 주세요' };
    const response = await subscriber.subscribeRaw({
      planId: 'monthly-beans',
      idempotencyKey: crypto.randomUUID(),
      shipping: noted,
    });
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    const s = await subscriber.get(subscriptionId);
    const number = `${s.number}-1`;
    const admin = await signedInOperator('admin');
    const ops = shipmentCalls(admin);

    const toShip = (await ops.list('queue=to_ship')).find((b) => b.number === number);
    expect(toShip).toMatchObject({
      subscriptionNumber: s.number,
      planName: '월간 원두 정기배송',
      productName: '월간 원두 정기배송 1회차',
      fulfilment: 'ordered',
      charge: { amount: 19_900, refundedAmount: 0, merchantUid: expect.stringMatching(/^sub_/) },
      shipping: { note: '문 앞에 놓아 주세요' },
      subscriptionEnding: false,
    });
    // By the subscription's number (what the customer quotes) or the box's own; an order's number finds none.
    expect((await ops.list(`number=${s.number}`)).map((b) => b.number)).toEqual([number]);
    expect((await ops.list(`number=${number}`)).map((b) => b.number)).toEqual([number]);
    expect(await ops.list('number=261127-048213')).toEqual([]);
    expect(await ops.list('queue=returns')).toEqual([]);

    expect((await ops.step(number, { action: 'prepare' })).status).toBe(200);
    const shipped = await ops.step(number, ship);
    expect(shipped.status).toBe(200);
    expect(((await shipped.json()) as { shipment: { fulfilment: string; carrier: string } }).shipment).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'CJ대한통운',
      trackingNumber: '123456789012',
    });
    expect((await ops.list('queue=to_ship')).some((b) => b.number === number)).toBe(false);
    expect((await ops.list('queue=shipping')).map((b) => b.number)).toContain(number);
    expect((await subscriber.get(s.id)).shipments?.[0]).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'CJ대한통운',
      trackingNumber: '123456789012',
    });

    // Shipping twice, or delivering before shipping elsewhere: refused, nothing changes.
    const again = await ops.step(number, ship);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('shipment_step_not_allowed');
    expect((await ops.step(number, { action: 'deliver' })).status).toBe(200);
    expect((await subscriber.get(s.id)).shipments?.[0]).toMatchObject({
      fulfilment: 'delivered',
      deliveredAt: expect.any(Number),
    });

    const [box] = await boxesStored(s.id);
    expect((await mailsAbout(box?.id ?? '')).sort()).toEqual(['shipment_update:delivered', 'shipment_update:shipped']);
    const audit = await app.db().select().from(auditLog).where(eq(auditLog.targetId, number));
    expect(audit.map((row) => [row.action, row.result, row.note]).sort()).toEqual([
      ['shipment.deliver', 'delivered', null],
      ['shipment.prepare', 'preparing', null],
      ['shipment.ship', 'shipped', 'CJ대한통운 123456789012'],
    ]);
  });

  it('the same step by two operators at once happens once: one mail, one audit row', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const number = `${s.number}-1`;
    const [a, b] = [shipmentCalls(await signedInOperator('admin')), shipmentCalls(await signedInOperator('refunder'))];
    const answers = await Promise.all([a.step(number, ship), b.step(number, ship), a.step(number, ship)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const [box] = await boxesStored(s.id);
    expect(await mailsAbout(box?.id ?? '')).toEqual(['shipment_update:shipped']);
    expect(await app.db().$count(auditLog, eq(auditLog.targetId, number))).toBe(1);
  });

  it('refused: a viewer (403), an unknown or malformed number (404), a bad tracking number (400)', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const number = `${s.number}-1`;
    const viewer = shipmentCalls(await signedInOperator('viewer'));
    expect((await viewer.step(number, ship)).status).toBe(403);
    const admin = shipmentCalls(await signedInOperator('admin'));
    expect((await admin.step('S000000-000000-1', ship)).status).toBe(404);
    expect((await admin.step('S000000-000000-1\u0000', ship)).status).toBe(404);
    expect((await admin.step(number, { ...ship, trackingNumber: '12' })).status).toBe(400);
    expect((await admin.step(number, { ...ship, carrier: '아무택배' })).status).toBe(400);
    expect((await boxesStored(s.id)).map((b) => b.fulfilment)).toEqual(['ordered']);
  });
});
