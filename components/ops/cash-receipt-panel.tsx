import { CashReceiptFacts } from '@/components/orders/cash-receipt';
import { Panel } from '@/components/ui/panel';
import type { CashReceiptView } from '@/lib/orders/client';

/** The console's order detail: the order's 현금영수증 as it stands here (the number masked, its 승인번호). */
export function CashReceiptPanel({ receipt }: { receipt: CashReceiptView }) {
  return (
    <Panel variant="console" aria-labelledby="cash-receipt">
      <h2 id="cash-receipt">현금영수증</h2>
      <CashReceiptFacts receipt={receipt} />
    </Panel>
  );
}
