// POST /v2/windows: the browser script asks for a V2 window. Everything that refuses a request
// happens here, before any window appears: a bad request, an unknown store or channel, a channel
// that does not take the method, a payment already paid or pre-registered with another amount, an
// identity verification already verified. The answer names the window, or the response the
// SDK's promise resolves with instead.
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import { ServiceError } from '../../core/wire/errors';
import type { Body } from '../../core/wire/fields';
import type { Merchant, V2Channel } from '../../merchants';
import { targetOrigin } from '../../windows/open';
import { V2Error } from '../errors';
import { requestedCustomerOf } from '../identity/inputs';
import { channelOf, merchantOfStore } from '../identity/store-channels';
import { startVerification } from '../identity/verifications';
import { identityParams } from './identity-window';
import { methodOf } from './methods';
import type { V2PaymentPort } from './payment-port';
import { portoneError, requestProblem } from './sdk-request';
import type { V2WindowKind, V2WindowMode, V2WindowSessions } from './sessions';

export type V2OpenAnswer =
  | { ok: true; session: string; url: string; tx_id: string }
  | { ok: false; rsp: Record<string, string> };

const KINDS: readonly string[] = ['payment', 'billing-key', 'billing-key-and-pay', 'identity-verification'];
const MODES: readonly string[] = ['layer', 'popup', 'redirect'];

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** DANAL's bypass: the youngest age allowed (AGELIMIT) and the name shown (CPTITLE). */
function danalBypass(request: Body): { minAge: number | null; title: string | null } {
  const bypass = isObject(request.bypass) && isObject(request.bypass.danal) ? request.bypass.danal : {};
  const age = bypass.AGELIMIT;
  if (age !== undefined && (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > 150))
    throw new V2Error(400, 'INVALID_REQUEST', 'bypass.danal.AGELIMIT: 0 이상의 정수여야 합니다.');
  const title = typeof bypass.CPTITLE === 'string' && bypass.CPTITLE ? bypass.CPTITLE.slice(0, 200) : null;
  return { minAge: typeof age === 'number' ? age : null, title };
}

/** The attempt's id once the request passed every check (an identity verification becomes READY). */
function begin(
  core: Emulator,
  port: V2PaymentPort,
  merchant: Merchant,
  channel: V2Channel,
  kind: V2WindowKind,
  request: Body,
): string {
  if (kind === 'identity-verification') {
    if (!channel.pay_methods.includes('IDENTITY_VERIFICATION'))
      throw new V2Error(400, 'INVALID_REQUEST', `본인인증을 지원하지 않는 채널입니다: ${channel.channel_key}`);
    const { minAge } = danalBypass(request);
    identityParams(request); // a pre-fill the form could not show is refused now
    const record = startVerification(core, merchant, {
      id: request.identityVerificationId as string,
      channelKey: channel.channel_key,
      customer: requestedCustomerOf(isObject(request.customer) ? request.customer : null),
      customData: typeof request.customData === 'string' ? request.customData.slice(0, 64 * 1024) : null,
      minAge,
    });
    return record.tx_id;
  }
  methodOf(kind, request, channel);
  port.check(core, merchant, kind, request);
  return randomUUID();
}

export function openV2Window(
  core: Emulator,
  sessions: V2WindowSessions,
  port: V2PaymentPort,
  body: Body,
  originHeader: string | undefined,
  baseUrl: string,
): V2OpenAnswer {
  const kind = (typeof body.kind === 'string' && KINDS.includes(body.kind) ? body.kind : 'payment') as V2WindowKind;
  const request = isObject(body.request) ? body.request : {};
  const refuse = (message: string): V2OpenAnswer => ({ ok: false, rsp: portoneError(kind, request, message) });
  if (!KINDS.includes(String(body.kind))) return refuse(`kind: ${KINDS.join(', ')} 중 하나여야 합니다.`);
  const mode = typeof body.mode === 'string' ? body.mode : 'layer';
  if (!MODES.includes(mode)) return refuse('mode: layer, popup, redirect 중 하나여야 합니다.');
  const problem = requestProblem(kind, request);
  if (problem) return refuse(problem);
  if (mode === 'redirect' && typeof request.redirectUrl !== 'string')
    return refuse('redirectUrl: 리디렉션 방식에는 필수 항목입니다.');
  const merchant = merchantOfStore(core, request.storeId as string);
  if (!merchant) return refuse(`상점을 찾을 수 없습니다: ${String(request.storeId)}`);
  let txId: string;
  try {
    txId = begin(core, port, merchant, channelOf(merchant, request.channelKey as string), kind, request);
  } catch (error) {
    if (error instanceof V2Error || error instanceof ServiceError) return refuse(error.message);
    throw error;
  }
  const pageUrl = typeof body.page_url === 'string' ? body.page_url.slice(0, 2000) : null;
  const session = sessions.open({
    kind,
    merchant_code: merchant.code,
    merchant_name:
      (kind === 'identity-verification' ? danalBypass(request).title : null) ?? merchant.name ?? merchant.code,
    request,
    tx_id: txId,
    mode: mode as V2WindowMode,
    channel: body.channel === 'mobile' ? 'mobile' : 'pc',
    target_origin: targetOrigin(originHeader, pageUrl),
    redirect_url: mode === 'redirect' ? (request.redirectUrl as string) : null,
  });
  return { ok: true, session: session.id, url: `${baseUrl}/v2/windows/${session.id}`, tx_id: txId };
}
