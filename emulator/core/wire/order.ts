// What an order carries whichever way it is paid, read from a request with the spec's limits,
// and the provider (pg) it is paid through.

import type { Buyer } from '../store/records';
import {
  amountField,
  type Body,
  buyerFields,
  currencyField,
  customData,
  merchantUidField,
  optionalText,
  requiredText,
  urlList,
} from './fields';

/** What an order carries whichever way it is paid. */
export interface Order extends Buyer {
  merchant_uid: string;
  amount: number;
  currency: string;
  name: string | null;
  custom_data: string | null;
  notice_urls: string[];
}

export interface Pg {
  pg_provider: string;
  pg_id: string;
}

/** `pg` is `provider` or `provider.storeId`, as on the real service. */
export function resolvePg(pg: string | null, fallback = 'nice'): Pg {
  const [provider, storeId] = (pg ?? fallback).split('.', 2);
  const pg_provider = provider || fallback;
  return { pg_provider, pg_id: storeId || `emulator_${pg_provider}` };
}

/** The order fields common to every payment request, with the spec's limits. */
export function readOrder(body: Body, options: { nameRequired?: boolean; allowZero?: boolean } = {}): Order {
  return {
    merchant_uid: merchantUidField(body),
    amount: amountField(body, 'amount', options.allowZero),
    currency: currencyField(body),
    name: options.nameRequired ? requiredText(body, 'name', { max: 40 }) : optionalText(body, 'name', { max: 40 }),
    ...buyerFields(body),
    custom_data: customData(body),
    notice_urls: urlList(body, 'notice_url'),
  };
}
