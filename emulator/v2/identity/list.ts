// GET /identity-verifications: the merchant's verifications, filtered (status, ids, a time range
// on one of its times, the customer's name or phone), sorted and paged (page.number from 0,
// page.size default 10, at most 1,000).
import type { Emulator } from '../../core/emulator';
import { normalisePhone } from '../../core/service/certifications';
import type { V2IdentityVerificationRecord } from '../../core/store/v2-identity-records';
import type { Body } from '../../core/wire/fields';
import type { MerchantV2 } from '../../merchants';
import { invalidRequest } from '../errors';
import { objectField, textField } from './inputs';
import { identityVerificationJson } from './wire';

const STATUSES = ['READY', 'VERIFIED', 'FAILED'];
const TIME_FIELDS = ['REQUESTED_AT', 'VERIFIED_AT', 'FAILED_AT', 'STATUS_UPDATED_AT'];

function timeOf(record: V2IdentityVerificationRecord, field: string): number {
  if (field === 'REQUESTED_AT') return record.requested_at;
  if (field === 'VERIFIED_AT') return record.status === 'VERIFIED' ? record.verified_at : -1;
  if (field === 'FAILED_AT') return record.status === 'FAILED' ? record.status_changed_at : -1;
  return record.status === 'READY' ? record.requested_at : record.status_changed_at;
}

function pageInput(body: Body): { number: number; size: number } {
  const page = objectField(body, 'page', false) ?? {};
  const read = (field: string, fallback: number, max: number) => {
    const value = page[field] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max)
      throw invalidRequest(`page.${field}: 0~${max} 사이의 정수여야 합니다.`);
    return value;
  };
  return { number: read('number', 0, 1_000_000), size: read('size', 10, 1000) };
}

function instant(filter: Body, field: string): number | null {
  const text = textField(filter, field, { max: 40 });
  if (text === null) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw invalidRequest(`filter.${field}: RFC 3339 날짜-시간이어야 합니다.`);
  return ms / 1000;
}

function matcher(body: Body): (record: V2IdentityVerificationRecord) => boolean {
  const filter = objectField(body, 'filter', false) ?? {};
  const statuses = filter.statuses;
  if (statuses !== undefined && (!Array.isArray(statuses) || statuses.some((s) => !STATUSES.includes(s))))
    throw invalidRequest(`filter.statuses: ${STATUSES.join(', ')}의 배열이어야 합니다.`);
  const field = textField(filter, 'timeRangeField') ?? 'STATUS_UPDATED_AT';
  if (!TIME_FIELDS.includes(field))
    throw invalidRequest(`filter.timeRangeField: ${TIME_FIELDS.join(', ')} 중 하나여야 합니다.`);
  const from = instant(filter, 'from');
  const until = instant(filter, 'until');
  const id = textField(filter, 'identityVerificationId');
  const txId = textField(filter, 'identityVerificationTxId');
  const customer = objectField(filter, 'customer', false) ?? {};
  const name = textField(customer, 'name');
  const phoneText = textField(customer, 'phoneNumber', { max: 20 });
  const phone = phoneText === null ? null : normalisePhone(phoneText);
  return (r) => {
    const at = timeOf(r, field);
    const person = r.verified ?? { name: r.requested_customer.name, phone: r.requested_customer.phoneNumber };
    return (
      (statuses === undefined || (statuses as string[]).includes(r.status)) &&
      (from === null || (at >= 0 && at >= from)) &&
      (until === null || (at >= 0 && at < until)) &&
      (id === null || r.id === id) &&
      (txId === null || r.tx_id === txId) &&
      (name === null || person.name === name) &&
      (phoneText === null || (person.phone !== undefined && normalisePhone(person.phone) === phone))
    );
  };
}

export function listVerifications(core: Emulator, merchantCode: string, store: MerchantV2, body: Body) {
  const page = pageInput(body);
  const sort = objectField(body, 'sort', false) ?? {};
  const by = textField(sort, 'by') ?? 'REQUESTED_AT';
  const order = textField(sort, 'order') ?? 'DESC';
  if (!TIME_FIELDS.includes(by)) throw invalidRequest(`sort.by: ${TIME_FIELDS.join(', ')} 중 하나여야 합니다.`);
  if (order !== 'DESC' && order !== 'ASC') throw invalidRequest('sort.order: DESC 또는 ASC여야 합니다.');
  const matches = matcher(body);
  const sign = order === 'ASC' ? 1 : -1;
  const found = core.store.v2IdentityVerificationsByMerchant
    .get(merchantCode)
    .filter(matches)
    .sort((a, b) => sign * (timeOf(a, by) - timeOf(b, by) || a.seq - b.seq));
  const items = found
    .slice(page.number * page.size, (page.number + 1) * page.size)
    .map((record) => identityVerificationJson(record, store));
  return { items, page: { number: page.number, size: items.length, totalCount: found.length } };
}
