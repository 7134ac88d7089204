import type { TimelineStep } from '@/lib/orders/client';
import { formatDateTime } from '@/lib/values/client';

const mark: Record<TimelineStep['state'], string> = { done: '✓', current: '●', todo: '○', stopped: '■' };
const spoken: Record<TimelineStep['state'], string> = {
  done: '완료',
  current: '다음 단계',
  todo: '예정',
  stopped: '',
};

/** 결제 완료 → 배송 준비 중 → 배송 중 → 배송 완료 (or a cancel or return as the last step), as an ordered list. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="timeline" aria-label="주문 진행 상황">
      {steps.map((step) => (
        <li
          key={step.label}
          className={`timeline-step timeline-${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="timeline-mark" aria-hidden="true">
            {mark[step.state]}
          </span>
          <div>
            <strong>{step.label}</strong>
            {spoken[step.state] && <span className="sr-only"> ({spoken[step.state]})</span>}
            {step.at ? <div className="field-hint">{formatDateTime(step.at)}</div> : null}
            {step.detail && <div>{step.detail}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}
