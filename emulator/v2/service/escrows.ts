// V2 escrow payments (instant with `isEscrow`): the merchant registers the shipment (and may
// change it), then the purchase is confirmed. Each step needs a paid escrow payment.
import type { Emulator } from '../../core/emulator';
import type { V2Escrow, V2PaymentRecord } from '../../core/store/v2-records';
import { invalidRequest, V2Error } from '../errors';
import { getPayment } from './payments';

export interface Shipment {
  company: string;
  invoice_number: string;
  sent_at: number;
}

export const newEscrow = (): V2Escrow => ({
  status: 'BEFORE_REGISTERED',
  company: '',
  invoice_number: '',
  sent_at: 0,
  applied_at: 0,
  confirmed_at: 0,
});

function paidEscrow(core: Emulator, merchantCode: string, paymentId: string): V2PaymentRecord & { escrow: V2Escrow } {
  const payment = getPayment(core, merchantCode, paymentId);
  if (payment.status !== 'PAID')
    throw new V2Error(409, 'PAYMENT_NOT_PAID', `결제가 완료되지 않은 건입니다: ${paymentId}`);
  if (!payment.escrow) throw invalidRequest(`에스크로 결제가 아닙니다: ${paymentId}`);
  return payment as V2PaymentRecord & { escrow: V2Escrow };
}

/** Registers (`modify`: changes) the shipment of an escrow payment. */
export function registerShipment(
  core: Emulator,
  merchantCode: string,
  paymentId: string,
  shipment: Shipment,
  modify: boolean,
): V2Escrow {
  const payment = paidEscrow(core, merchantCode, paymentId);
  if (payment.escrow.status === 'CONFIRMED') throw invalidRequest(`구매가 이미 확정되었습니다: ${paymentId}`);
  if (modify && payment.escrow.status !== 'REGISTERED')
    throw invalidRequest(`등록된 배송 정보가 없습니다: ${paymentId}`);
  const now = core.now(merchantCode);
  const escrow: V2Escrow = { ...payment.escrow, ...shipment, status: 'REGISTERED', applied_at: now };
  core.store.v2Payments.put({ ...payment, escrow, updated_at: now });
  return escrow;
}

/** Confirms the purchase of a shipped escrow payment. */
export function confirmEscrow(core: Emulator, merchantCode: string, paymentId: string): V2Escrow {
  const payment = paidEscrow(core, merchantCode, paymentId);
  if (payment.escrow.status !== 'REGISTERED') throw invalidRequest(`배송 정보가 등록되지 않았습니다: ${paymentId}`);
  const now = core.now(merchantCode);
  const escrow: V2Escrow = { ...payment.escrow, status: 'CONFIRMED', confirmed_at: now };
  core.store.v2Payments.put({ ...payment, escrow, updated_at: now });
  return escrow;
}
