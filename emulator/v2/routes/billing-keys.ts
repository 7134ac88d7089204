// Billing keys: issue with card credentials, read one, list, delete; the window's confirm steps.
import type { V2BillingKeyRecord } from '../../core/store/v2-records';
import type { V2Api, V2Context } from '../api';
import { invalidRequest } from '../errors';
import {
  customerOf,
  type Json,
  optionalObject,
  optionalString,
  optionalStrings,
  optionalTime,
  paged,
  requiredString,
} from '../fields';
import { deleteBillingKey, getBillingKey, issueCardBillingKey, issueFailure } from '../service/billing-keys';
import { channelFor } from '../service/channels';
import { billingKeyWire, channelWire, iso } from '../wire';

function issue(ctx: V2Context) {
  const { core, merchant, body } = ctx;
  const method = optionalObject(body, 'method');
  const card = method && optionalObject(method, 'card');
  const credential = card && optionalObject(card, 'credential');
  if (!credential) throw invalidRequest('method.card.credential: 필수 항목입니다.');
  const channel = channelFor(merchant.v2, optionalString(body, 'channelKey', 200), 'BILLING_KEY');
  const result = issueCardBillingKey(
    core,
    {
      merchantCode: merchant.code,
      storeId: merchant.v2.store_id,
      channel,
      customer: customerOf(body),
      customData: optionalString(body, 'customData', 10_000),
    },
    {
      number: requiredString(credential, 'number', 19),
      expiryYear: requiredString(credential, 'expiryYear', 4),
      expiryMonth: requiredString(credential, 'expiryMonth', 2),
    },
  );
  if (result.status === 'FAILED') throw issueFailure(result);
  const key = result.billingKey;
  return {
    billingKeyInfo: {
      billingKey: key.billing_key,
      channels: [channelWire(key.channel_key, key.pg_provider, merchant.v2)],
      issuedAt: iso(key.issued_at),
    },
  };
}

function matches(filter: Json): (b: V2BillingKeyRecord) => boolean {
  const statuses = optionalStrings(filter, 'status', 2);
  const customerId = optionalString(filter, 'customerId', 100);
  const from = optionalTime(filter, 'from');
  const until = optionalTime(filter, 'until');
  const byDeletion = optionalString(filter, 'timeRangeField', 40) === 'DELETED_AT';
  const providers = optionalStrings(filter, 'pgProviders', 60);
  return (b) => {
    const at = byDeletion ? b.deleted_at : b.issued_at;
    if (statuses && !statuses.includes(b.status)) return false;
    if (customerId && b.customer.id !== customerId) return false;
    if (providers && !providers.includes(b.pg_provider)) return false;
    return (from === null || at >= from) && (until === null || at < until);
  };
}

function list(ctx: V2Context) {
  const filter = optionalObject(ctx.body, 'filter') ?? {};
  const sort = optionalObject(ctx.body, 'sort') ?? {};
  const ascending = optionalString(sort, 'order', 4) === 'ASC';
  const items = ctx.core.store.v2BillingKeysByMerchant
    .get(ctx.merchant.code)
    .filter((b) => b.status !== 'PENDING')
    .filter(matches(filter))
    .sort((a, b) => (ascending ? a.seq - b.seq : b.seq - a.seq));
  return paged(items, ctx.body, (b) => billingKeyWire(b, ctx.merchant.v2));
}

export function billingKeyRoutes(api: V2Api): void {
  api.on('POST', '/billing-keys', issue);
  api.on('GET', '/billing-keys', list);
  api.on('GET', '/billing-keys/:billingKey', ({ core, merchant, params }) =>
    billingKeyWire(getBillingKey(core, merchant.code, params.billingKey ?? ''), merchant.v2),
  );
  api.on('DELETE', '/billing-keys/:billingKey', ({ core, merchant, params }) => {
    const deleted = deleteBillingKey(core, merchant.code, params.billingKey ?? '');
    return { deletedAt: iso(deleted.deleted_at) };
  });
}
