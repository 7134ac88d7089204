import { accountHolder } from '../core/service/bank-holders';
import { issueVbank, modifyVbank, revokeVbank } from '../core/service/vbanks';
import { paymentWire } from '../core/wire/answers';
import { param, type RestApi } from './rest';

export function vbankRoutes(api: RestApi): void {
  // POST /vbanks — issue a virtual account (a payment in status ready until its deposit)
  api.on('POST', '/vbanks', (ctx) => paymentWire(issueVbank(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl));
  // GET /vbanks/holder?bank_code=&bank_num= — the holder of a bank account (before a refund to it)
  api.on('GET', '/vbanks/holder', (ctx) => accountHolder(Object.fromEntries(ctx.query)));
  // PUT /vbanks/:imp_uid — a new amount or deadline for an account still waiting
  api.on('PUT', '/vbanks/:imp_uid', (ctx) =>
    paymentWire(modifyVbank(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), ctx.body), ctx.baseUrl),
  );
  // DELETE /vbanks/:imp_uid — close an account nobody paid into
  api.on('DELETE', '/vbanks/:imp_uid', (ctx) =>
    paymentWire(revokeVbank(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid')), ctx.baseUrl),
  );
}
