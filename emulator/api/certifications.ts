import { deleteCertification, getCertification } from '../core/service/certifications';
import { confirmOtp, requestOtp } from '../core/service/otp-certifications';
import { certificationWire } from '../core/wire/answers';
import { param, type RestApi } from './rest';

export function certificationRoutes(api: RestApi): void {
  // POST /certifications/otp/request — certification by REST: the code is texted to the phone
  api.on('POST', '/certifications/otp/request', (ctx) => requestOtp(ctx.core, ctx.merchant.code, ctx.body));
  // POST /certifications/otp/confirm/:imp_uid — the code back: the certification result
  api.on('POST', '/certifications/otp/confirm/:imp_uid', (ctx) =>
    certificationWire(confirmOtp(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'), ctx.body)),
  );
  // GET /certifications/:imp_uid — a certification result
  api.on('GET', '/certifications/:imp_uid', (ctx) =>
    certificationWire(getCertification(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'))),
  );
  // DELETE /certifications/:imp_uid — delete a certification result (answers it)
  api.on('DELETE', '/certifications/:imp_uid', (ctx) =>
    certificationWire(deleteCertification(ctx.core, ctx.merchant.code, param(ctx, 'imp_uid'))),
  );
}
