// The public face of lib/routes: other folders import it through here, never a file inside.
import 'server-only';

export { asGiven, requestIdOf, route, uuidParam, withApiHeaders } from './route';
export { subscriptionActionRoute } from './subscription-action-route';
