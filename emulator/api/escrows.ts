import { getLogis, saveLogis } from '../core/service/escrows';
import type { EscrowLogisRecord } from '../core/store/records';
import { param, type RestApi } from './rest';

const logisWire = ({ company, invoice, sent_at, applied_at }: EscrowLogisRecord) => ({
  company,
  invoice,
  sent_at,
  applied_at,
});

export function escrowRoutes(api: RestApi): void {
  // GET /escrows/logis/:imp_uid — the shipping registered for an escrow payment (409 when none)
  api.on('GET', '/escrows/logis/:imp_uid', (ctx) =>
    logisWire(getLogis(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'))),
  );
  // POST /escrows/logis/:imp_uid — register its shipping (once)
  api.on('POST', '/escrows/logis/:imp_uid', (ctx) =>
    logisWire(saveLogis(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), ctx.body, false)),
  );
  // PUT /escrows/logis/:imp_uid — change it
  api.on('PUT', '/escrows/logis/:imp_uid', (ctx) =>
    logisWire(saveLogis(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), ctx.body, true)),
  );
}
