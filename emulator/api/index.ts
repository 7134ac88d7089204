import { certificationRoutes } from './certifications';
import { codeRoutes } from './codes';
import { cvsRoutes } from './cvs';
import { escrowRoutes } from './escrows';
import { paymentRoutes } from './payments';
import { receiptRoutes } from './receipts';
import { RestApi } from './rest';
import { scheduleRoutes } from './schedules';
import { subscribeRoutes } from './subscribe';
import { tokenRoutes } from './token';
import { vbankRoutes } from './vbanks';

const ALL = [
  tokenRoutes,
  paymentRoutes,
  cvsRoutes,
  vbankRoutes,
  receiptRoutes,
  escrowRoutes,
  certificationRoutes,
  subscribeRoutes,
  scheduleRoutes,
  codeRoutes,
];

/** The emulated service's REST API (spec endpoints and the real-API ones merchants rely on). */
export function restApi(): RestApi {
  const api = new RestApi();
  for (const routes of ALL) routes(api);
  return api;
}
