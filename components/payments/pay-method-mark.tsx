import { PAY_METHOD_NAMES, type PayMethod } from '@/lib/payments/client';

// The small mark a Korean shop shows beside each way to pay: a wallet in its own colours (the
// customer finds 카카오페이's yellow before reading), the others as a plain glyph. Decorative: the
// name is always written beside it, so the mark is hidden from screen readers.

const MARKS: Record<PayMethod, { glyph: string; background: string; color: string }> = {
  card: { glyph: '카드', background: '#e8eefc', color: '#1d3f9e' },
  kakaopay: { glyph: 'pay', background: '#ffeb00', color: '#191919' },
  naverpay: { glyph: 'N', background: '#03c75a', color: '#ffffff' },
  tosspay: { glyph: 'toss', background: '#0064ff', color: '#ffffff' },
  vbank: { glyph: '입금', background: '#eef2f6', color: '#334155' },
  trans: { glyph: '이체', background: '#eef2f6', color: '#334155' },
  phone: { glyph: '휴대폰', background: '#eef2f6', color: '#334155' },
  cvs: { glyph: '편의점', background: '#eef2f6', color: '#334155' },
};

export function PayMethodMark({ method, size = 28 }: { method: PayMethod; size?: number }) {
  const mark = MARKS[method];
  return (
    <span
      aria-hidden="true"
      data-method={method}
      className="inline-flex shrink-0 items-center justify-center rounded-md font-bold leading-none"
      style={{
        background: mark.background,
        color: mark.color,
        minWidth: size,
        height: size,
        padding: '0 4px',
        fontSize: Math.round(size * (mark.glyph.length > 2 ? 0.36 : 0.42)),
      }}
    >
      {mark.glyph}
    </span>
  );
}

/** The mark and the method's Korean name, as a list or a receipt shows how an order was paid. */
export function PayMethodName({ method }: { method: PayMethod }) {
  return (
    <span className="inline-flex items-center gap-2">
      <PayMethodMark method={method} size={22} />
      {PAY_METHOD_NAMES[method]}
    </span>
  );
}
