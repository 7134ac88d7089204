// Consent before any recurring charge (issue 15.1–15.2): without the customer's consent to the
// terms the server showed, nothing is charged, booked or stored; with it, the consent log holds
// the hash of exactly the text shown, and the log cannot be changed.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@/lib/consents/log';
import { consents, subscriptions } from '@/lib/db/schema';
import { createTestCard } from '@/test/factories';
import { BROWSER, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;
const paymentsOf = async (customerUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.customer_uid === customerUid);
const schedulesOf = async (customerUid: string) =>
  (await app.emulator().schedules()).filter((schedule) => schedule.customer_uid === customerUid);

async function expectNothingDone(subscriber: Subscriber, customerUid: string) {
  expect(await app.db().select().from(subscriptions).where(eq(subscriptions.userId, subscriber.user.id))).toEqual([]);
  expect(await app.db().select().from(consents).where(eq(consents.userId, subscriber.user.id))).toEqual([]);
  expect(await paymentsOf(customerUid)).toEqual([]);
  expect(await schedulesOf(customerUid)).toEqual([]);
}

describe('consent to recurring payment', () => {
  it('the terms name the plan, amount, cycle, first charge now, next charge date, the card and how to cancel', async () => {
    const subscriber = await Subscriber.withCard();
    const offer = await subscriber.offer('monthly-beans');
    expect(offer).toMatchObject({ planName: '월간 원두 정기배송', amount: 19_900, cycleLabel: '1개월' });
    expect(offer.text.join('\n')).toMatch(/결제 금액: 19,900원/);
    expect(offer.text.join('\n')).toMatch(/첫 결제: 동의 즉시/);
    expect(offer.text.join('\n')).toMatch(/다음 결제일: 2026년 2월 15일/);
    expect(offer.text.join('\n')).toMatch(/결제 카드: .*4242-42\*\*-\*\*\*\*-4242/);
    expect(offer.text.join('\n')).toMatch(/해지 방법: .*언제든 해지/);
    expect(offer.text.at(-1)).toBe('정기결제(자동결제)에 동의합니다');
    expect(offer.textSha256).toBe(sha256([offer.version, ...offer.text].join('\n')));
  });

  it.each([
    ['no consent', () => undefined],
    ['agreed: false', (token: string) => ({ agreed: false, token })],
    ['agreed without the terms', () => ({ agreed: true })],
    ['a token the server did not make', (token: string) => ({ agreed: true, token: `${token.split('.')[0]}.forged` })],
    ['a hash of the browser’s choosing', () => ({ agreed: true, token: 'eyJoYXNoIjoiMDAwIn0.x', textSha256: '000' })],
  ])('%s → 422 consent_required: nothing stored, charged or booked', async (_, consentOf) => {
    const subscriber = await Subscriber.withCard();
    const offer = await subscriber.offer();
    const consent = consentOf(offer.consentToken);
    const body = { planId: 'monthly-beans', idempotencyKey: randomUUID(), ...(consent && { consent }) };
    const response = await subscriber.subscribeRaw(body, false);
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'consent_required' });
    const [card] = await app.db().query.cards.findMany({ where: (t, { eq: is }) => is(t.userId, subscriber.user.id) });
    await expectNothingDone(subscriber, card?.customerUid ?? '');
  });

  it('consent given to another customer, plan or card does not count', async () => {
    const subscriber = await Subscriber.withCard();
    const other = await Subscriber.withCard();
    const othersOffer = await other.offer();
    const foreign = await subscriber.subscribeRaw(
      {
        planId: 'monthly-beans',
        idempotencyKey: randomUUID(),
        consent: { agreed: true, token: othersOffer.consentToken },
      },
      false,
    );
    expect(foreign.status).toBe(422);
    const demoOffer = await subscriber.offer('hourly-demo');
    const otherPlan = await subscriber.subscribeRaw(
      {
        planId: 'monthly-beans',
        idempotencyKey: randomUUID(),
        consent: { agreed: true, token: demoOffer.consentToken },
      },
      false,
    );
    expect(otherPlan.status).toBe(409);
    expect(await errorOf(otherPlan)).toMatchObject({ code: 'consent_outdated' });
    const second = await createTestCard(subscriber.user.id, { isDefault: false });
    const cardOffer = await subscriber.offer('monthly-beans');
    const otherCard = await subscriber.subscribeRaw(
      {
        planId: 'monthly-beans',
        idempotencyKey: randomUUID(),
        cardId: second.id,
        consent: { agreed: true, token: cardOffer.consentToken },
      },
      false,
    );
    expect(otherCard.status).toBe(409);
    const [card] = await app.db().query.cards.findMany({ where: (t, { eq: is }) => is(t.userId, subscriber.user.id) });
    await expectNothingDone(subscriber, card?.customerUid ?? '');
  });

  it('a subscription logs the consent: the hash of the exact text shown, amount, cycle, subject, service time, IP, agent', async () => {
    const subscriber = await Subscriber.withCard();
    const offer = await subscriber.offer();
    const before = await app.emulator().now();
    const response = await subscriber.subscribeRaw(
      { planId: 'monthly-beans', idempotencyKey: randomUUID(), consent: { agreed: true, token: offer.consentToken } },
      false,
    );
    const after = await app.emulator().now();
    expect(response.status).toBe(201);
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    const logged = await app.db().select().from(consents).where(eq(consents.userId, subscriber.user.id));
    expect(logged).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        agreed: true,
        termsVersion: offer.version,
        textSha256: sha256([offer.version, ...offer.text].join('\n')),
        amount: 19_900,
        cycle: '1개월',
        subjectId: subscriptionId,
        ip: BROWSER['x-forwarded-for'],
        userAgent: BROWSER['user-agent'],
      }),
    ]);
    // Timed on the service's clock, within the request (its clock runs on in this file). The app
    // knows that clock from whole-second readings, so its estimate may be a second either way.
    expect(logged[0]?.givenAt).toBeGreaterThanOrEqual(before - 1);
    expect(logged[0]?.givenAt).toBeLessThanOrEqual(after + 1);
    // A second subscription to the plan is refused, and logs nothing.
    await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    expect(await app.db().select().from(consents).where(eq(consents.userId, subscriber.user.id))).toHaveLength(1);
  });

  it('the consent log is append-only: the database refuses to change or remove a row', async () => {
    const subscriber = await Subscriber.withCard();
    await subscriber.subscribe('hourly-demo');
    const [row] = await app.db().select().from(consents).where(eq(consents.userId, subscriber.user.id));
    expect(row).toBeDefined();
    await expect(
      app
        .db()
        .update(consents)
        .set({ amount: 1 })
        .where(eq(consents.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(
      app
        .db()
        .delete(consents)
        .where(eq(consents.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(app.db().execute(sql`delete from consents`)).rejects.toThrow();
    const [after] = await app
      .db()
      .select()
      .from(consents)
      .where(eq(consents.id, row?.id ?? ''));
    expect(after).toEqual(row);
  });
});
