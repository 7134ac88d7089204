// The identity-verification window: V1's certification form (이름, 생년월일, 성별, 휴대폰 번호,
// 통신사), pre-filled from the request's customer, restricted by DANAL's bypass (IsCarrier,
// AGELIMIT shown and enforced); submitting verifies the person (identity/verifications.ts).

import type { Emulator } from '../../core/emulator';
import { personProblems, readPhone } from '../../core/service/certifications';
import { ServiceError } from '../../core/wire/errors';
import type { Body } from '../../core/wire/fields';
import type { Reply } from '../../http/reply';
import type { FormValues } from '../../pages/html';
import { prefilled } from '../../windows/certification-page';
import { type CertificationParams, readCertificationParams } from '../../windows/certification-params';
import { forTester } from '../../windows/window-page';
import { V2Error } from '../errors';
import { announce } from '../identity/events';
import { findVerification, operatorOf, verifyPerson } from '../identity/verifications';
import { identityWindow } from './pages';
import { finish } from './result';
import { pgFailure, portoneError, sdkResponse } from './sdk-request';
import type { V2WindowSession } from './sessions';

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** V1's certification params from the SDK request (a bad pre-fill is refused when the window is asked for). */
export function identityParams(request: Body): CertificationParams {
  const customer = isObject(request.customer) ? request.customer : {};
  const danal = isObject(request.bypass) && isObject(request.bypass.danal) ? request.bypass.danal : {};
  const birth = ['birthYear', 'birthMonth', 'birthDay'].map((f) =>
    typeof customer[f] === 'string' ? customer[f] : '',
  );
  const base = readCertificationParams({
    name: customer.fullName,
    phone: customer.phoneNumber,
    birth: birth.every(Boolean) ? `${birth[0]}${birth[1]?.padStart(2, '0')}${birth[2]?.padStart(2, '0')}` : undefined,
    min_age: danal.AGELIMIT,
    company: danal.CPTITLE,
  });
  // IsCarrier: SKT, KTF, LGT, MVNO joined by ';' (V1 reads one at a time).
  const named = typeof danal.IsCarrier === 'string' ? danal.IsCarrier.split(';').filter(Boolean) : [];
  const carriers = named.length
    ? [...new Set(named.flatMap((c) => readCertificationParams({ carrier: c }).carriers))]
    : base.carriers;
  return { ...base, carriers };
}

export function showIdentity(session: V2WindowSession): Reply {
  const params = identityParams(session.request);
  return { status: 200, html: identityWindow(session, params, prefilled(params), []) };
}

const FIELDS = ['name', 'birthday', 'gender', 'phone', 'carrier'];

export function submitIdentity(core: Emulator, session: V2WindowSession, submitted: Body): Reply {
  const params = identityParams(session.request);
  const input: FormValues = Object.fromEntries(
    FIELDS.map((f) => [f, typeof submitted[f] === 'string' ? (submitted[f] as string).trim() : '']),
  );
  const problems = personProblems(input, core.now(session.merchant_code));
  const carrier = input.carrier ?? '';
  if (carrier && !params.carriers.includes(carrier)) problems.push('carrier: 선택할 수 없는 통신사입니다.');
  if (problems.length) return { status: 400, html: identityWindow(session, params, input, problems.map(forTester)) };
  const { kind, request, tx_id } = session;
  const record = findVerification(core, session.merchant_code, String(request.identityVerificationId));
  if (!record) return finish(session, portoneError(kind, request, '본인인증 건이 존재하지 않습니다.'));
  try {
    const done = verifyPerson(core, record, {
      name: input.name ?? '',
      birth_date: input.birthday ?? '',
      gender: input.gender === 'female' ? 'FEMALE' : 'MALE',
      phone: readPhone(input),
      operator: operatorOf(carrier),
      is_foreigner: false,
    });
    announce(core, done);
    if (done.status === 'FAILED' && done.failure)
      return finish(session, pgFailure(kind, request, tx_id, done.failure.reason, done.failure.pg_code));
    return finish(session, sdkResponse(kind, request, { txId: tx_id }));
  } catch (error) {
    if (error instanceof V2Error || error instanceof ServiceError)
      return finish(session, portoneError(kind, request, error.message));
    throw error;
  }
}
