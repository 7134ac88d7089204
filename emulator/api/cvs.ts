import { cancelCvs, issueCvs } from '../core/service/cvs';
import { paymentWire } from '../core/wire/answers';
import { param, type RestApi } from './rest';

export function cvsRoutes(api: RestApi): void {
  // POST /cvs — issue or register a convenience-store collection number (deprecated)
  api.on('POST', '/cvs', (ctx) => paymentWire(issueCvs(ctx.core, ctx.merchant.code, ctx.body), ctx.baseUrl));
  // DELETE /cvs/:imp_uid — invalidate a collection number not yet collected
  api.on('DELETE', '/cvs/:imp_uid', (ctx) =>
    paymentWire(cancelCvs(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid')), ctx.baseUrl),
  );
}
