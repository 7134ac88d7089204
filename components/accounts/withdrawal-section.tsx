'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Panel } from '@/components/ui/panel';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch, markWithdrawn } from '@/lib/browser/client';
import type { OwedOrder } from '@/lib/orders/client';
import {
  type Contact,
  type EndingSubscription,
  OwedOrders,
  SubscriptionsEnding,
  type WithdrawalReport,
  withdrawalDone,
} from './withdrawal-notes';

interface Props {
  /** The subscriptions that will end now, with what ending each gives back. */
  liveSubscriptions: EndingSubscription[];
  cardCount: number;
  /** Paid orders still owed delivery or a possible return: 회원탈퇴 does not cancel them. */
  owedOrders: OwedOrder[];
  contact: Contact;
}

const FORM_ID = 'withdrawal-form';

/** 회원탈퇴: as easy as signup — one button, a dialog that says what happens, the password, done. */
export function WithdrawalSection({ liveSubscriptions, cardCount, owedOrders, contact }: Props) {
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<WithdrawalReport>();
  const { pending, error, summary, fields, setError, run } = useRequest('탈퇴하지 못했습니다.');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    await run(async () => {
      setReport(await apiFetch<WithdrawalReport>('/api/account/withdrawal', { method: 'POST', body: { password } }));
      // The name and email the page shows behind the farewell are erased now, not at the next load.
      markWithdrawn();
    });
  }

  // A full page load: nothing the account's pages cached stays in memory (as with 로그아웃).
  const leave = () => window.location.assign('/');

  return (
    <Panel aria-labelledby="withdrawal-heading">
      <h2 id="withdrawal-heading">회원탈퇴</h2>
      <p className="field-hint mb-3">
        탈퇴하면 정기구독은 바로 해지되고(남은 기간은 일할 환불, 배송 상품은 결제된 회차 환불 없이 그 상자는 그대로
        발송) 카드 정보는 삭제됩니다. 결제한 주문은 그대로 배송됩니다. 법령이 정한 거래 기록만 정해진 기간 동안
        보관합니다.
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        회원탈퇴
      </Button>
      <ConfirmDialog
        open={open && !report}
        onOpenChange={setOpen}
        title="정말 탈퇴하시겠어요?"
        description={
          <ul className="m-0 flex list-disc flex-col gap-1.5 pl-5">
            <SubscriptionsEnding subscriptions={liveSubscriptions} />
            {owedOrders.length > 0 && (
              <li>
                <OwedOrders orders={owedOrders} contact={contact} />
              </li>
            )}
            <li>
              {cardCount > 0
                ? `등록한 카드 ${cardCount}개의 정보(빌링키)를 결제 서비스에서 삭제합니다.`
                : '등록한 카드는 없습니다.'}
            </li>
            <li>이름·생년월일·이메일·비밀번호·저장한 배송지를 지우고 모든 기기에서 로그아웃됩니다.</li>
            <li>
              주문·결제·환불 기록과 동의 기록은 전자상거래법에 따라 5년(불만·분쟁 기록은 3년) 보관한 뒤 파기합니다.
            </li>
            <li>같은 이메일과 본인인증으로 다시 가입할 수 있지만, 지난 주문 내역은 이어지지 않습니다.</li>
          </ul>
        }
        confirmLabel="탈퇴하기"
        pendingLabel="탈퇴 처리 중…"
        pending={pending}
        confirmForm={FORM_ID}
      >
        <form method="post" id={FORM_ID} onSubmit={onSubmit} noValidate className="form">
          {/* A wrong password is said under its field only, not twice. */}
          {error && <Alert heardOnly={!summary}>{error}</Alert>}
          <TextField
            id="withdrawal-password"
            name="password"
            label="비밀번호 확인"
            type="password"
            autoComplete="current-password"
            required
            error={fields.password}
          />
        </form>
      </ConfirmDialog>
      <ConfirmDialog
        open={Boolean(report)}
        onOpenChange={(next) => !next && leave()}
        title="탈퇴가 완료되었습니다"
        description={
          report && (
            <div className="flex flex-col gap-2">
              <p className="m-0">{withdrawalDone(report, liveSubscriptions)}</p>
              <OwedOrders orders={owedOrders} contact={contact} after />
            </div>
          )
        }
        confirmLabel="처음으로"
        cancelLabel="닫기"
        onConfirm={leave}
      />
    </Panel>
  );
}
