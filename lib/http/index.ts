// The public face of lib/http: other folders import it through here, never a file inside.
import 'server-only';

export { readJson, readTextCapped, refuseUnstorable } from './body';
export { clientAddress, limitKey } from './client-address';
export { readCookie, setCookieHeader } from './cookies';
export {
  AppError,
  badRequest,
  conflict,
  type FieldErrors,
  forbidden,
  notFound,
  refusals,
  serviceUnavailable,
  unauthorized,
} from './errors';
export { installGracefulStop } from './graceful-stop';
export { assertOperator } from './operator';
export { installPeerAddress } from './peer-address';
export { plainRoute, type RouteOptions, requestIdOf, withApiHeaders } from './plain-route';
export {
  asGiven,
  type ParamParsers,
  type ParsedParams,
  type RouteContext,
  readParams,
  uuidParam,
} from './route-params';
