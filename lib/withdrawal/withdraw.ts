import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { anonymiseUser, confirmPassword, deleteUserSessions, lockUser, refuseAccount } from '@/lib/accounts';
import { deleteKey, holdsCard, listHeldCards, markRemoved } from '@/lib/cards';
import { getDb, mailOutbox, passwordResets, shippingAddresses, subscriptionShipments, subscriptions } from '@/lib/db';
import { AppError } from '@/lib/http';
import { IamportError, iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { accountWithdrawn, enqueueMail } from '@/lib/mail';
import { ProviderError } from '@/lib/provider';
import {
  cancelNowsInFlight,
  cancelSubscriptionNow,
  isUnfinished,
  listUserSubscriptions,
  UNFINISHED_STATUSES,
} from '@/lib/subscriptions';

/** What 회원탈퇴 did: subscriptions ended now (with their refunds, KRW) and billing keys deleted. */
export interface WithdrawalReport {
  cancelledSubscriptions: number;
  refunded: number;
  deletedCards: number;
}

/** The address a withdrawn account keeps: unique, never deliverable (.invalid), never an input. */
export const tombstoneEmail = (userId: string) => `withdrawn-${userId}@deleted.invalid`;

const stopped = (why: string) => refuseAccount('withdrawal_stopped', `탈퇴를 멈췄습니다. ${why}`);

/**
 * 회원탈퇴. In order, each step safe to run again: live subscriptions are cancelled now with the
 * pro-rata refund (cancelSubscriptionNow; a trial has nothing to refund), every billing key is
 * deleted at the service, and only then is the account anonymised in one transaction. A refund or
 * a deletion that fails stops everything after it and says so: the account stays, nothing that
 * holds money is lost, and asking again carries on from there. Orders, charges and consents stay
 * (the law requires them; docs/flows.md "회원탈퇴 and retention"), pointing at the anonymised row.
 */
export async function withdraw(user: User, password: string): Promise<WithdrawalReport> {
  await confirmPassword(user, password, 'password');
  return withdrawAccount(user);
}

/** 회원탈퇴 once the password was confirmed (the money model runs it as a customer action). */
export async function withdrawAccount(user: User): Promise<WithdrawalReport> {
  const report: WithdrawalReport = { cancelledSubscriptions: 0, refunded: 0, deletedCards: 0 };

  const mine = await listUserSubscriptions(user.id);
  const live = mine.filter(isUnfinished);
  if (live.some((subscription) => subscription.status === 'incomplete')) throw refuseAccount('subscription_pending');
  // Ended now by an earlier attempt (or another tab) whose refund is still unresolved: settled here too.
  const owed = new Set(await cancelNowsInFlight(user.id));
  const ending = mine.filter((s) => isUnfinished(s) || owed.has(s.id));
  for (const subscription of ending) {
    try {
      const { refunded } = await cancelSubscriptionNow(subscription.id, {
        actor: { kind: 'customer', userId: user.id },
      });
      report.cancelledSubscriptions += 1;
      report.refunded += refunded;
    } catch (error) {
      // On V1 or V2 (a V2 booking revoked through lib/provider): the service's trouble stops it alike.
      if (!(error instanceof AppError) && !(error instanceof IamportError) && !(error instanceof ProviderError))
        throw error;
      // Ended meanwhile with nothing to refund (another tab's 회원탈퇴, its period's end): nothing left to do.
      if (error instanceof AppError && error.code === 'not_cancellable') continue;
      // Plain words for the customer; the service's own text goes to the log for operators.
      log.error(
        { userId: user.id, subscriptionId: subscription.id, reason: error.message },
        'withdrawal stopped at a subscription',
      );
      const what =
        error instanceof AppError && (error.code === 'refund_unknown' || error.code === 'refund_in_progress')
          ? '환불 결과를 아직 확인하지 못했습니다'
          : '환불을 처리하지 못했습니다';
      throw stopped(`'${subscription.planName}' 구독의 ${what}. 구독과 계정은 그대로이니 잠시 후 다시 시도해 주세요.`);
    }
  }

  const held = await listHeldCards(user.id);
  for (const card of held) {
    try {
      // On the card's own API; a key the service does not have (never issued, or deleted before) is gone either way.
      await deleteKey(card);
    } catch (error) {
      if (!(error instanceof IamportError) && !(error instanceof ProviderError)) throw error;
      log.error({ userId: user.id, cardId: card.id, reason: error.message }, 'withdrawal stopped at a card');
      throw stopped(
        '등록한 카드 정보를 결제 서비스에서 삭제하지 못했습니다. 계정은 그대로이니 잠시 후 다시 시도해 주세요.',
      );
    }
    await markRemoved(card.id);
    report.deletedCards += 1;
  }

  const deletedAt = await iamport().serviceNow();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    // A card or subscription added from another tab meanwhile: start over rather than strand it.
    const newCard = await holdsCard(tx, user.id);
    const [newSubscription] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...UNFINISHED_STATUSES])))
      .limit(1);
    if (newCard || newSubscription) throw refuseAccount('withdrawal_raced');
    await anonymiseUser(tx, user.id, tombstoneEmail(user.id), deletedAt);
    await deleteUserSessions(user.id, undefined, tx);
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx.delete(shippingAddresses).where(eq(shippingAddresses.userId, user.id));
    await tx
      .update(mailOutbox)
      .set({ status: 'skipped', payload: {} })
      .where(and(eq(mailOutbox.userId, user.id), inArray(mailOutbox.status, ['pending', 'sending'])));
    // The last mail, to the address the account had: what was done, and the boxes that still ship.
    const unsentBoxes = await tx.$count(
      subscriptionShipments,
      and(
        eq(subscriptionShipments.userId, user.id),
        inArray(subscriptionShipments.fulfilment, ['ordered', 'preparing']),
      ),
    );
    await enqueueMail(tx, accountWithdrawn(user, { ...report, unsentBoxes }, deletedAt));
  });
  return report;
}
