// The payment, billing-key and issue-and-pay windows: a card form or a wallet's approval; what
// was typed is checked as V1's windows check it (every problem at once), then the V2 payment
// service completes it (payment-port.ts).

import type { Emulator } from '../../core/emulator';
import { cardFormChecks } from '../../core/service/card-input';
import { readPhoneNumber } from '../../core/service/window-phone';
import { type Body, problemsOf } from '../../core/wire/fields';
import type { Reply } from '../../http/reply';
import type { FormValues } from '../../pages/html';
import { expiryOf, forTester } from '../../windows/window-page';
import { V2Error } from '../errors';
import { channelOf, merchantOfStore } from '../identity/store-channels';
import { methodOf, type V2WindowMethod } from './methods';
import { paymentWindow } from './pages';
import type { V2MethodInput, V2PaymentPort } from './payment-port';
import { finish } from './result';
import { pgFailure, portoneError, sdkResponse } from './sdk-request';
import type { V2WindowSession } from './sessions';

function methodOfSession(core: Emulator, session: V2WindowSession): V2WindowMethod {
  const merchant = merchantOfStore(core, String(session.request.storeId));
  if (!merchant) throw new V2Error(404, 'STORE_NOT_FOUND', '상점을 찾을 수 없습니다.');
  return methodOf(session.kind, session.request, channelOf(merchant, String(session.request.channelKey)));
}

/** A wallet's phone starts as the customer's, else the approving test number. */
function initialValues(session: V2WindowSession, method: V2WindowMethod): FormValues {
  if (method.type === 'card') return {};
  const customer = session.request.customer as Body | undefined;
  const phone = typeof customer?.phoneNumber === 'string' ? customer.phoneNumber : '';
  return { phone: phone || '010-1234-5678' };
}

export function showPayment(core: Emulator, session: V2WindowSession): Reply {
  const method = methodOfSession(core, session);
  return { status: 200, html: paymentWindow(session, method, initialValues(session, method), []) };
}

const typed = (form: Body, field: string) => (typeof form[field] === 'string' ? (form[field] as string).trim() : '');

export function submitPayment(core: Emulator, port: V2PaymentPort, session: V2WindowSession, form: Body): Reply {
  const method = methodOfSession(core, session);
  const { kind, request, tx_id } = session;
  let input: V2MethodInput;
  if (method.type === 'card') {
    const card = Object.fromEntries(['card_number', 'expiry', 'birth', 'pwd_2digit'].map((f) => [f, typed(form, f)]));
    const [number, ...rest] = cardFormChecks(card);
    const problems = problemsOf([...(number ? [number] : []), () => expiryOf(card.expiry ?? ''), ...rest]);
    const { pwd_2digit: _, ...shown } = card; // the card password is never shown again
    if (problems.length) return { status: 400, html: paymentWindow(session, method, shown, problems.map(forTester)) };
    input = {
      type: 'card',
      card_number: card.card_number ?? '',
      expiry: expiryOf(card.expiry ?? ''),
      birth: card.birth ?? '',
      pwd_2digit: card.pwd_2digit ?? '',
    };
  } else {
    const values = { phone: typed(form, 'phone') };
    const problems = problemsOf([() => readPhoneNumber(values)]);
    if (problems.length) return { status: 400, html: paymentWindow(session, method, values, problems.map(forTester)) };
    input = { type: 'wallet', provider: method.provider, phone: values.phone };
  }
  try {
    const outcome = port.complete(core, session, method, input);
    const billingKey: Record<string, string> =
      outcome.billingKey === undefined ? {} : { billingKey: outcome.billingKey };
    const txId = outcome.txId ?? tx_id;
    if (!outcome.ok)
      return finish(session, { ...pgFailure(kind, request, txId, outcome.message, outcome.pgCode), ...billingKey });
    return finish(session, sdkResponse(kind, request, { txId, ...billingKey }));
  } catch (error) {
    // Refused by the service after the window opened (e.g. the payment was paid meanwhile).
    if (error instanceof V2Error) return finish(session, portoneError(kind, request, error.message));
    throw error;
  }
}
