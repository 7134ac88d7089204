// GET /banks, POST /payments/{id}/virtual-account/close.
import type { V2Api } from '../api';
import { V2_BANKS } from '../banks';
import { closeVirtualAccount } from '../service/virtual-accounts';
import { iso } from '../wire';

export function commonRoutes(api: V2Api): void {
  api.on('GET', '/banks', () => ({
    items: Object.entries(V2_BANKS).map(([bank, ko]) => ({ bank, name: { ko } })),
  }));
  api.on('POST', '/payments/:paymentId/virtual-account/close', ({ core, merchant, params }) => {
    const closed = closeVirtualAccount(core, merchant.code, params.paymentId ?? '');
    return { closedAt: iso(closed.failed_at) };
  });
}
