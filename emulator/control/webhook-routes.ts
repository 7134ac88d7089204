// Control API for what the service sends on its own: the webhook delivery log, redelivery, the
// delivery switch (twice / delay / drop), and the convenience-store counter.
import { invalid } from '../core/wire/errors';
import { optionalInteger } from '../core/wire/fields';
import { webhookWire } from '../webhooks/webhook-wire';
import type { AddControlRoute } from './context';

export function webhookRoutes(on: AddControlRoute): void {
  // GET /webhooks[?merchant_code=&imp_uid=&limit=] — the delivery log, oldest first (limit: the newest n)
  on('GET', '/webhooks', ({ webhooks, query }) => {
    const limit = optionalInteger({ limit: query.get('limit') }, 'limit');
    if (limit !== null && limit < 1) throw invalid('limit', '1 이상이어야 합니다.');
    return webhooks
      .list({ merchantCode: query.get('merchant_code'), impUid: query.get('imp_uid'), limit })
      .map(webhookWire);
  });
  // GET|POST /webhooks/switch — read or set the delivery switch (before /webhooks/:id)
  on('GET', '/webhooks/switch', ({ webhooks }) => webhooks.switches.list());
  on('POST', '/webhooks/switch', ({ webhooks, core, body }) =>
    webhooks.switches.set(body, (code) => core.merchant(code) !== undefined),
  );
  // GET /webhooks/:id — one delivery
  on('GET', '/webhooks/:id', ({ webhooks, params }) => webhookWire(webhooks.get(params.id ?? '')));
  // POST /webhooks/:id/redeliver — send again now as a new delivery; answers it after its first attempt
  on('POST', '/webhooks/:id/redeliver', async ({ webhooks, params }) =>
    webhookWire(await webhooks.redeliver(params.id ?? '')),
  );
  // POST /cvs/:imp_uid/collect {method} — a customer pays the barcode at a store
  on('POST', '/cvs/:imp_uid/collect', ({ counter, params, body, baseUrl }) =>
    counter.collect(params.imp_uid ?? '', body, baseUrl),
  );
}
