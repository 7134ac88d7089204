import { trackingUrl } from '@/lib/orders/client';

/** 배송조회 on the carrier's own page (a new tab: the shop's page stays); nothing for an unknown carrier. */
export function TrackingLink({ carrier, trackingNumber }: { carrier: string | null; trackingNumber: string | null }) {
  const url = trackingUrl(carrier, trackingNumber);
  if (!url) return null;
  return (
    <>
      {' · '}
      <a href={url} target="_blank" rel="noreferrer">
        배송조회<span className="sr-only"> ({carrier}, 새 창)</span>
      </a>
    </>
  );
}
