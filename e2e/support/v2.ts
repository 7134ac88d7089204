// The shop on PortOne V2 for the @v2 specs: a card registered in V2's billing-key window through the
// real /account/cards page, and the service's own records read back over HTTP — the V2 API as the
// V2 app's store reads it (playwright.config.ts v2Store), and the emulator's webhook delivery log.
import { expect, type Page } from '@playwright/test';
import { emulatorUrl, emulatorV2Url, v2App, v2Store } from '../../playwright.config';
import { agreeToKeepCardForWindow, fillWindowCard, listedCards, openCardsPage } from './cards';

/** A V2 record's amounts (won), as GET /payments/{id} answers them. */
export interface V2Payment {
  id: string;
  status: 'READY' | 'PAID' | 'FAILED' | 'CANCELLED' | 'PARTIAL_CANCELLED' | 'VIRTUAL_ACCOUNT_ISSUED';
  billingKey?: string;
  scheduleId?: string;
  amount: { total: number; paid: number; cancelled: number };
  receiptUrl?: string;
  cancellations?: { totalAmount: number; cancelledAt: string }[];
}

export interface V2Schedule {
  id: string;
  status: 'SCHEDULED' | 'STARTED' | 'SUCCEEDED' | 'FAILED' | 'REVOKED';
  paymentId: string;
  billingKey: string;
  totalAmount: number;
  /** RFC 3339 on the merchant's virtual clock. */
  timeToPay: string;
}

/** GET on the V2 API with the V2 app's secret; a GET's body goes as `requestBody` (as the server SDK sends it). */
export async function v2Get<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<T> {
  const query = body === undefined ? '' : `?requestBody=${encodeURIComponent(JSON.stringify(body))}`;
  const res = await fetch(`${emulatorV2Url}${path}${query}`, {
    headers: { authorization: `PortOne ${v2Store.api_secret}` },
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

export const v2Payment = (paymentId: string) => v2Get<V2Payment>(`/payments/${encodeURIComponent(paymentId)}`);

/** Every V2 payment charged on one billing key (the key is the customer's own), oldest first. */
export async function v2PaymentsOnKey(billingKey: string): Promise<V2Payment[]> {
  const { items } = await v2Get<{ items: V2Payment[] }>('/payments', {
    page: { size: 1000 },
    filter: { sortOrder: 'ASC' },
  });
  return items.filter((p) => p.billingKey === billingKey);
}

/** The V2 payment schedules booked on one billing key, by time to pay. */
export async function v2SchedulesOnKey(billingKey: string): Promise<V2Schedule[]> {
  const { items } = await v2Get<{ items: V2Schedule[] }>('/payment-schedules', {
    page: { size: 1000 },
    filter: { billingKey },
  });
  return items;
}

/** A webhook the emulator sent (its delivery log): where to, how it was answered. */
export interface Delivery {
  event: string;
  target: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed' | 'dropped';
  response_status: number | null;
  attempts: { response_status: number | null; response_body: string | null }[];
}

/** The V2 app merchant's webhooks about one payment (V2 logs them under the paymentId). */
export async function v2WebhooksAbout(paymentId: string): Promise<Delivery[]> {
  const query = new URLSearchParams({ merchant_code: v2App.merchant.code, imp_uid: paymentId });
  const res = await fetch(`${emulatorUrl}/__emulator/api/webhooks?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Delivery[];
}

/** The app's V2 notice route: where the V2 app's store sends its webhooks. */
export const V2_WEBHOOK_TARGET = `${v2App.url}/api/webhooks/portone`;

/** What the app answered the last attempt of a delivery (its JSON has the outcome). */
export const answerOf = (delivery: Delivery | undefined) => delivery?.attempts.at(-1)?.response_body ?? '';

/**
 * Registers the approved card in V2's billing-key window (a layer) on /account/cards; answers the
 * billing key V2 issued (as the page handed it to the server), once the card is listed.
 */
export async function registerCardInV2Window(page: Page): Promise<string> {
  const before = await openCardsPage(page);
  await agreeToKeepCardForWindow(page);
  const verified = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/cards/window/verify');
  await page.getByRole('button', { name: '결제창으로 카드 등록' }).click();
  const window = page.frameLocator('iframe[title="빌링키 발급 창"]');
  await fillWindowCard(window);
  await window.getByRole('button', { name: '카드 등록하기' }).click();
  const { billingKey } = (await verified).postDataJSON() as { billingKey: string };
  await expect(listedCards(page)).toHaveCount(before + 1);
  return billingKey;
}
