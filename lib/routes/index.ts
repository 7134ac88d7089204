// The public face of lib/routes: other folders import it through here, never a file inside.
import 'server-only';

export { currentOperator, currentUser, requireOperatorPage, requireUser } from './page-guards';
export { asGiven, requestIdOf, route, uuidParam, withApiHeaders } from './route';
export { subscriptionActionRoute } from './subscription-action-route';
