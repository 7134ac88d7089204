// A stored identity verification as the OpenAPI file's IdentityVerification (READY, VERIFIED or
// FAILED): times in RFC 3339, only the fields each status has.
import type { V2IdentityVerificationRecord } from '../../core/store/v2-identity-records';
import type { MerchantV2 } from '../../merchants';
import { channelTypeOf } from '../service/channels';
import { iso } from '../wire';

function channelOf(record: V2IdentityVerificationRecord, store: MerchantV2) {
  return {
    type: channelTypeOf(store, record.channel_key),
    key: record.channel_key ?? '',
    pgProvider: record.pg_provider,
    pgMerchantId: `emulator-${record.merchant_code}`,
  };
}

export function identityVerificationJson(
  record: V2IdentityVerificationRecord,
  store: MerchantV2,
): Record<string, unknown> {
  const common = {
    status: record.status,
    id: record.id,
    ...(record.channel_key ? { channel: channelOf(record, store) } : {}),
    ...(record.custom_data === null ? {} : { customData: record.custom_data }),
    requestedAt: iso(record.requested_at),
    updatedAt: iso(record.updated_at),
    statusChangedAt: iso(record.status_changed_at),
    version: 'V2',
    ...(record.pg_tx_id ? { pgTxId: record.pg_tx_id } : {}),
  };
  if (record.status === 'VERIFIED' && record.verified) {
    const person = record.verified;
    const verifiedCustomer = {
      ...(record.requested_customer.id ? { id: record.requested_customer.id } : {}),
      name: person.name,
      operator: person.operator,
      phoneNumber: person.phone,
      birthDate: person.birth_date,
      gender: person.gender,
      isForeigner: person.is_foreigner,
      ci: person.ci,
      di: person.di,
    };
    const raw = JSON.stringify({ emulator: true, pgTxId: record.pg_tx_id, name: person.name });
    return {
      ...common,
      verifiedCustomer,
      verifiedAt: iso(record.verified_at),
      pgTxId: record.pg_tx_id ?? '',
      pgRawResponse: raw,
    };
  }
  const requested = { requestedCustomer: record.requested_customer };
  if (record.status === 'FAILED' && record.failure) {
    const { reason, pg_code, pg_message } = record.failure;
    return { ...common, ...requested, failure: { reason, pgCode: pg_code, pgMessage: pg_message } };
  }
  return { ...common, ...requested };
}
