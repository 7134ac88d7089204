// The public face of lib/db: other folders import it through here, never a file inside.
import 'server-only';

export { closeDb, type Db, displayUrl, getDb, waitForDatabase } from './connection';
export { startEmbeddedServer } from './embedded/server';
export { isDatabaseUnavailable, rootMessage, violatedUniqueConstraint } from './errors';
export { runCommand } from './for-commands';
export { migrationsFolder } from './migrate';
export { preparedStatement } from './prepared';
export {
  auditLog,
  cards,
  consents,
  emailChanges,
  identityChecks,
  mailOutbox,
  operatorSessions,
  operators,
  orders,
  owedRefunds,
  passwordResets,
  planPrices,
  priceChangeRequests,
  rateLimits,
  reconciliationRuns,
  refunds,
  sessions,
  shippingAddresses,
  subscriptionCharges,
  subscriptionShipments,
  subscriptions,
  trialUses,
  users,
  webhookDeliveries,
} from './schema';
