import { certificationRoutes } from './certifications';
import { cvsRoutes } from './cvs';
import { paymentRoutes } from './payments';
import { RestApi } from './rest';
import { subscribeRoutes } from './subscribe';
import { tokenRoutes } from './token';

/** The emulated service's REST API (spec endpoints and the real-API ones merchants rely on). */
export function restApi(): RestApi {
  const api = new RestApi();
  for (const routes of [tokenRoutes, paymentRoutes, cvsRoutes, certificationRoutes, subscribeRoutes]) routes(api);
  return api;
}
