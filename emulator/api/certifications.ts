import { deleteCertification, getCertification } from '../core/certifications';
import { certificationWire } from '../core/wire';
import { param, type RestApi } from './rest';

export function certificationRoutes(api: RestApi): void {
  // GET /certifications/:imp_uid — a certification result
  api.on('GET', '/certifications/:imp_uid', (ctx) =>
    certificationWire(getCertification(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'))),
  );
  // DELETE /certifications/:imp_uid — delete a certification result (answers it)
  api.on('DELETE', '/certifications/:imp_uid', (ctx) =>
    certificationWire(deleteCertification(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'))),
  );
}
