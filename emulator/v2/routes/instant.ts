// POST /payments/{paymentId}/instant: a card charged at once (key-in), or a virtual account issued.
import type { V2Context } from '../api';
import { isV2Bank } from '../banks';
import { invalidRequest } from '../errors';
import { type Json, optionalBoolean, optionalInteger, optionalObject, optionalString, requiredString } from '../fields';
import { enterCard } from '../service/cards';
import { channelFor } from '../service/channels';
import { newEscrow } from '../service/escrows';
import { assertPayable, chargeCardPayment, readyPayment } from '../service/payments';
import { issueVirtualAccount } from '../service/virtual-accounts';
import { iso } from '../wire';
import { chargeAnswer, paymentRequestOf } from './payment-input';

function bankOf(account: Json | null): string {
  const bank = account ? requiredString(account, 'bank', 40) : '';
  if (!isV2Bank(bank)) throw invalidRequest(`method.virtualAccount.bank: 알 수 없는 은행입니다: ${bank}`);
  return bank;
}

export function instantPayment(ctx: V2Context) {
  const { core, merchant, body } = ctx;
  const request = paymentRequestOf(ctx);
  const method = optionalObject(body, 'method');
  const card = method && optionalObject(method, 'card');
  const account = method && optionalObject(method, 'virtualAccount');
  if (!card && !account) throw invalidRequest('method: card 또는 virtualAccount가 필요합니다.');
  assertPayable(core, request);
  const channelKey = optionalString(body, 'channelKey', 200);
  if (card) {
    const credential = optionalObject(card, 'credential');
    if (!credential) throw invalidRequest('method.card.credential: 필수 항목입니다.');
    const entered = enterCard(
      {
        number: requiredString(credential, 'number', 19),
        expiryYear: requiredString(credential, 'expiryYear', 4),
        expiryMonth: requiredString(credential, 'expiryMonth', 2),
      },
      core.now(merchant.code),
    );
    const ready = readyPayment(core, request, channelFor(merchant.v2, channelKey, 'CARD'));
    const escrow = optionalBoolean(body, 'isEscrow') ? { escrow: newEscrow() } : {};
    return chargeAnswer(chargeCardPayment(core, { ...ready, ...escrow }, entered.profile, 0, request.skipWebhook));
  }
  const expiry = (account && optionalObject(account, 'expiry')) ?? {};
  const validHours = optionalInteger(expiry, 'validHours', 1) ?? 72;
  const dueDate = optionalString(expiry, 'dueDate', 40);
  const ready = readyPayment(core, request, channelFor(merchant.v2, channelKey, 'CARD'));
  const issued = issueVirtualAccount(core, ready, {
    bank: bankOf(account),
    holder: (account && optionalString(account, 'remitteeName', 40)) ?? merchant.name ?? merchant.code,
    due: dueDate ? Math.floor(Date.parse(dueDate) / 1000) : core.now(merchant.code) + validHours * 3600,
  });
  return { payment: { pgTxId: issued.pg_tx_id ?? '', paidAt: iso(issued.requested_at) } };
}
