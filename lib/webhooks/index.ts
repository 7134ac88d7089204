// The public face of lib/webhooks: other folders import it through here, never a file inside.
import 'server-only';

export { webhookSourceAllowed } from './allowed-sources';
export { paymentHandlers } from './handlers';
export { act, pruneDeliveries, receiveWebhook } from './receive';
export { actV2, receiveV2Notice } from './receive-v2';
