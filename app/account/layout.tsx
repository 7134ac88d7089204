import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ConsentAsksBanner } from '@/components/subscriptions/consent-asks-banner';
import { iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { currentUser } from '@/lib/routes';
import { pendingConsentAsks } from '@/lib/subscriptions';
import { type ConsentAsk, SNOOZE_COOKIE_PREFIX, SNOOZE_SECONDS } from '@/lib/subscriptions/client';

/** Every account page: above it, the consents asked for and not answered (a trial's conversion, a higher price). */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  const asks = await unansweredAsks();
  return (
    <>
      {asks && asks.list.length > 0 && <ConsentAsksBanner asks={asks.list} snoozeUntil={asks.now + SNOOZE_SECONDS} />}
      {children}
    </>
  );
}

/** The signed-in customer's asks not hidden by "7일간 보지 않기" (until a time on the service's clock). */
async function unansweredAsks(): Promise<{ list: ConsentAsk[]; now: number } | undefined> {
  const user = await currentUser();
  if (!user) return undefined;
  try {
    const all = await pendingConsentAsks(user.id);
    if (all.length === 0) return undefined;
    const now = await iamport().serviceNow();
    const jar = await cookies();
    const hidden = (ask: ConsentAsk) => Number(jar.get(`${SNOOZE_COOKIE_PREFIX}${ask.id}`)?.value ?? 0) > now;
    return { list: all.filter((ask) => !hidden(ask)), now };
  } catch (error) {
    // A reminder, not the page: the service out of reach leaves the page as it is (the asks stay on their pages).
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'consent asks not shown');
    return undefined;
  }
}
