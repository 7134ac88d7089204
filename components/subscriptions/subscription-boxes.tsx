import { TrackingLink } from '@/components/ui/tracking-link';
import { boxStateLabel, type ShipmentSummary } from '@/lib/orders/client';
import { formatDate } from '@/lib/values/client';

/** How many boxes show before the rest fold away. */
const SHOWN = 3;

/** A goods subscription's boxes, newest first: what is in each, where it stands, its carrier and tracking number. */
export function SubscriptionBoxes({ boxes }: { boxes: ShipmentSummary[] }) {
  if (boxes.length === 0) return null;
  const [recent, older] = [boxes.slice(0, SHOWN), boxes.slice(SHOWN)];
  return (
    <section aria-labelledby={`boxes-${boxes[0]?.number}`} className="flex flex-col gap-2">
      <h4 id={`boxes-${boxes[0]?.number}`} className="m-0 text-base font-bold">
        배송
      </h4>
      <BoxList boxes={recent} />
      {older.length > 0 && (
        <details>
          <summary>이전 상자 {older.length}개</summary>
          <BoxList boxes={older} />
        </details>
      )}
    </section>
  );
}

function BoxList({ boxes }: { boxes: ShipmentSummary[] }) {
  return (
    <ul className="consent-terms" aria-label="정기배송 상자">
      {boxes.map((box) => (
        <li key={box.number} aria-label={box.productName}>
          <strong>{box.productName}</strong>
          {box.kind === 'trial' && ' (무료 체험, 0원)'} · {boxStateLabel[box.fulfilment]}
          {box.carrier && ` · ${box.carrier} 운송장 ${box.trackingNumber}`}
          <TrackingLink carrier={box.carrier} trackingNumber={box.trackingNumber} />
          {box.deliveredAt !== null && ` · ${formatDate(box.deliveredAt)} 도착`}
          <br />
          <span className="field-hint">
            상자 번호 <span className="card-number">{box.number}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
