'use client';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import type { SubscriptionSummary, TrialSummary } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

export type TrialDecision = 'convert' | 'end';

interface Props {
  subscription: SubscriptionSummary & { trial: TrialSummary };
  /** The answer being sent, if any: its button says so, both wait. */
  running?: TrialDecision;
  onDecide(decision: TrialDecision): void;
}

/**
 * A free trial's ask (전자상거래법 시행령 §20조의2): the first charge's date and time, amount, cycle,
 * card, how to cancel and what it does, as the server rendered them — then two answers of equal
 * size and look, 유료 전환에 동의 / 체험만 하고 종료. Once answered, the answer is shown with the
 * other one to change it (never asked again).
 */
export function TrialConsent({ subscription: s, running, onDecide }: Props) {
  const { trial } = s;
  const agreed = trial.decision === 'convert' && !s.cancelAtPeriodEnd;
  const ending = !agreed && trial.decision !== null;
  const answer = (decision: TrialDecision, label: string) => (
    <Button
      variant="choice"
      disabled={running !== undefined}
      pending={running === decision}
      pendingLabel="저장 중…"
      onClick={() => onDecide(decision)}
    >
      {label}
    </Button>
  );
  return (
    <section className="consent-box" aria-label="무료 체험 후 유료 전환">
      <h4 className="m-0">무료 체험 후 유료 전환</h4>
      {agreed ? (
        <p role="status">
          유료 전환에 동의하셨습니다. {formatDateTime(trial.endsAt)}에 {formatWon(s.amount)}이 결제됩니다. 원하지 않으면
          그 전에 ‘체험만 하고 종료’를 누르세요. 요금이 청구되지 않습니다.
        </p>
      ) : ending ? (
        <p role="status">
          체험만 하고 종료하기로 하셨습니다. {formatDateTime(trial.endsAt)}에 결제 없이 구독이 끝납니다.
        </p>
      ) : (
        <p>
          체험이 끝난 뒤에도 이용하시려면 유료 전환에 동의해 주세요. 동의하지 않으면 <DateTime at={trial.endsAt} />에
          결제 없이 구독이 끝납니다.
        </p>
      )}
      <ul className="consent-terms">
        {trial.text.slice(0, -1).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {trial.askOpen ? (
        <div className="choice-row">
          {!agreed && answer('convert', '유료 전환에 동의')}
          {(agreed || !ending) && answer('end', '체험만 하고 종료')}
        </div>
      ) : (
        <p className="field-hint">
          유료 전환 동의는 <DateTime at={trial.asksFrom} />
          부터 받습니다.
        </p>
      )}
    </section>
  );
}
