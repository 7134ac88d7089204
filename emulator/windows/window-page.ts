// GET|POST /__emulator/windows/{id}: a window's form and its submission. Submitting runs the same
// core operation as the control API's shortcut (certify, completeWindowPayment); bad input shows
// the form again with the problem, anything else ends the window (result.ts).

import type { Emulator } from '../core/emulator';
import { cardFormChecks } from '../core/service/card-input';
import { certificationCallback, certify, personProblems } from '../core/service/certifications';
import { readBankCode } from '../core/service/vbanks';
import { readWindowMethod, type WindowMethod } from '../core/service/window-methods';
import { completeWindowPayment } from '../core/service/window-payments';
import { OTP_MISMATCH, PHONE_OTP, readCarrier, readPhoneNumber } from '../core/service/window-phone';
import { readTransferBank } from '../core/service/window-trans';
import { walletPhoneOf } from '../core/service/window-wallet';
import { invalid, ServiceError } from '../core/wire/errors';
import { type Body, problemsOf } from '../core/wire/fields';
import { type Order, readOrder } from '../core/wire/order';
import type { Reply } from '../http/reply';
import { type FormValues, html, page } from '../pages/html';
import { certificationWindow, prefilled } from './certification-page';
import { readCertificationParams } from './certification-params';
import { paymentWindow } from './payment-page';
import { CANCEL_MESSAGES, type CallbackRsp, failedRsp, finish } from './result';
import type { WindowSession } from './sessions';

const LABELS: Record<string, string> = {
  card_number: '카드번호',
  vbank_code: '입금 은행',
  expiry: '유효기간',
  birth: '생년월일',
  pwd_2digit: '카드 비밀번호',
  name: '이름',
  birthday: '생년월일',
  gender: '성별',
  phone: '휴대폰 번호',
  carrier: '통신사',
  bank_code: '은행',
  otp: '인증번호',
};

/** "card_number: 유효하지 않은…" → "카드번호: 유효하지 않은…" for the tester. */
export const forTester = (message: string) =>
  message.replace(/^(\w+):/, (_match, field: string) => `${LABELS[field] ?? field}:`);

const text = (form: Body, field: string) => (typeof form[field] === 'string' ? (form[field] as string).trim() : '');

/** MM/YY or MM/YYYY as typed in the window → the service's YYYY-MM. */
export function expiryOf(typed: string): string {
  if (!typed) throw invalid('expiry', '필수 항목입니다.');
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(typed);
  const expiry = match ? `${match[2]?.length === 2 ? `20${match[2]}` : match[2]}-${match[1]}` : typed;
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(expiry)) throw invalid('expiry', '형식이 올바르지 않습니다 (MM/YY).');
  return expiry;
}

export const closedWindow = (): Reply => ({
  status: 410,
  html: page(
    '창이 닫혔습니다',
    html`<main class="window"><h1>이미 끝난 창입니다</h1>
<p>이 결제창(또는 인증창)은 완료되었거나 만료되었습니다. 창을 닫고 다시 시도하세요.</p></main>`,
  ),
});

/** Which window the (already checked) params asked for. */
const methodOf = (session: WindowSession) => readWindowMethod(session.params).method;

/** What a payment window's form starts with: the page's pre-selected bank, the buyer's phone. */
function initialValues(session: WindowSession, order: Order, method: WindowMethod): FormValues {
  const param = (name: string) => (typeof session.params[name] === 'string' ? (session.params[name] as string) : '');
  if (method.kind === 'vbank') return { vbank_code: param('vbank_code') };
  if (method.kind === 'wallet') return { phone: walletPhoneOf(order) };
  if (method.kind === 'phone') return { phone: order.buyer_tel ?? '' };
  return {};
}

function form(session: WindowSession, values: FormValues | null, problems: string[]): string {
  if (session.kind === 'certification') {
    const params = readCertificationParams(session.params);
    return certificationWindow(session, params, values ?? prefilled(params), problems);
  }
  const order = readOrder(session.params, { allowZero: true });
  const method = methodOf(session);
  return paymentWindow(session, order, method, values ?? initialValues(session, order, method), problems);
}

export function showWindow(session: WindowSession): Reply {
  if (session.done) return closedWindow();
  return { status: 200, html: form(session, null, []) };
}

/** Every problem of what the tester typed, in the form's order (shown together, not one at a time). */
function formProblems(core: Emulator, session: WindowSession, input: FormValues): string[] {
  if (session.kind === 'certification') {
    const { carriers } = readCertificationParams(session.params);
    const carrier = input.carrier ?? '';
    const problems = personProblems(input, core.now(session.merchant_code));
    const allowed = !carrier || carriers.includes(carrier);
    return allowed
      ? problems
      : [...problems.filter((p) => !p.startsWith('carrier:')), 'carrier: 선택할 수 없는 통신사입니다.'];
  }
  const method = methodOf(session);
  if (method.kind === 'vbank') return problemsOf([() => readBankCode(input)]);
  if (method.kind === 'wallet') return problemsOf([() => readPhoneNumber(input)]);
  if (method.kind === 'trans') return problemsOf([() => readTransferBank(input)]);
  if (method.kind !== 'card') return [];
  const [number, ...rest] = cardFormChecks(input);
  return problemsOf([...(number ? [number] : []), () => expiryOf(input.expiry ?? ''), ...rest]);
}

function complete(
  core: Emulator,
  session: WindowSession,
  input: FormValues,
  userAgent: string,
  baseUrl: string,
): CallbackRsp {
  if (session.kind === 'certification') {
    const params = readCertificationParams(session.params);
    const body = {
      ...input,
      min_age: params.min_age,
      merchant_uid: params.merchant_uid,
      company: params.company,
      origin: session.page_url,
    };
    return certificationCallback(certify(core, session.merchant_code, body));
  }
  const card =
    methodOf(session).kind === 'card' ? { ...input, expiry: input.expiry ? expiryOf(input.expiry) : '' } : input;
  const body = { ...session.params, ...card, user_agent: userAgent || null };
  return completeWindowPayment(core, session.merchant_code, body, baseUrl).rsp;
}

const CERTIFICATION_FIELDS = ['name', 'birthday', 'gender', 'phone', 'carrier'];
const PAYMENT_FIELDS: Record<WindowMethod['kind'], string[]> = {
  card: ['card_number', 'expiry', 'birth', 'pwd_2digit'],
  vbank: ['vbank_code'],
  wallet: ['phone'],
  trans: ['bank_code'],
  phone: [],
  other: [],
};

/**
 * A phone payment's two posts: 인증번호 받기 (action otp) keeps the carrier and number in the
 * session and shows the code step; 결제하기 checks the code and pays; back shows the first step.
 */
function submitPhoneStep(
  core: Emulator,
  session: WindowSession,
  submitted: Body,
  userAgent: string,
  baseUrl: string,
): Reply {
  const typed = { carrier: text(submitted, 'carrier'), phone: text(submitted, 'phone') };
  if (submitted.action === 'back') {
    const values = session.phone_account ?? typed;
    session.phone_account = null;
    return { status: 200, html: form(session, values, []) };
  }
  if (submitted.action === 'otp') {
    session.phone_account = null;
    const problems = problemsOf([() => readCarrier(typed), () => readPhoneNumber(typed)]);
    if (problems.length) return { status: 400, html: form(session, typed, problems.map(forTester)) };
    session.phone_account = typed;
    return { status: 200, html: form(session, {}, []) };
  }
  const account = session.phone_account;
  if (!account) return { status: 400, html: form(session, typed, ['인증번호 받기를 먼저 눌러 주세요.']) };
  if (text(submitted, 'otp') !== PHONE_OTP) return { status: 400, html: form(session, {}, [OTP_MISMATCH]) };
  const body = { ...session.params, ...account, otp: PHONE_OTP, user_agent: userAgent || null };
  return finish(session, completeWindowPayment(core, session.merchant_code, body, baseUrl).rsp);
}

export function submitWindow(
  core: Emulator,
  session: WindowSession,
  submitted: Body,
  userAgent: string,
  baseUrl: string,
): Reply {
  if (session.done) return closedWindow();
  if (submitted.action === 'cancel') {
    return finish(session, failedRsp('USER_CANCEL', CANCEL_MESSAGES[session.kind], session.params.merchant_uid));
  }
  if (session.kind === 'payment' && methodOf(session).kind === 'phone')
    return submitPhoneStep(core, session, submitted, userAgent, baseUrl);
  const fields = session.kind === 'certification' ? CERTIFICATION_FIELDS : PAYMENT_FIELDS[methodOf(session).kind];
  const input: FormValues = Object.fromEntries(fields.map((field) => [field, text(submitted, field)]));
  const { pwd_2digit: _, ...shown } = input; // the card password is never shown again
  const problems = formProblems(core, session, input);
  if (problems.length) return { status: 400, html: form(session, shown, problems.map(forTester)) };
  try {
    return finish(session, complete(core, session, input, userAgent, baseUrl));
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status !== 400) throw error;
    return { status: 400, html: form(session, shown, [forTester(error.message)]) };
  }
}
