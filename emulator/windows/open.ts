// POST /__emulator/windows: the client script asks for a window. Everything that refuses a
// request happens here, before any window appears: unknown merchant, bad params, a pre-registered
// amount that differs, an order already paid. The answer names the window to show, or the rsp
// the callback gets instead (and, in redirect mode, where to send the page).
import type { Emulator } from '../core/emulator';
import { checkWindowPayment } from '../core/service/window-payments';
import { invalid, ServiceError } from '../core/wire/errors';
import { type Body, objectAt, optionalText } from '../core/wire/fields';
import { readCertificationParams } from './certification-params';
import { type CallbackRsp, failedRsp, redirectTarget } from './result';
import type { WindowKind, WindowMode, WindowSessions } from './sessions';

export type OpenAnswer =
  | { ok: true; session: string; url: string }
  | { ok: false; rsp: CallbackRsp; redirect_url: string | null };

const KINDS: readonly string[] = ['payment', 'certification'];
const MODES: readonly string[] = ['layer', 'popup', 'redirect'];
/** The window collects card data itself; a merchant page cannot pass it in. */
const CARD_FIELDS = ['card_number', 'expiry', 'birth', 'pwd_2digit'];

/**
 * The merchant page's origin, where results are posted. A page without one (file://, a sandboxed
 * frame: Origin "null") can only be reached with "*"; rsps carry identifiers only, never card data.
 */
export function targetOrigin(originHeader: string | undefined, pageUrl: string | null): string {
  const origin =
    originHeader && originHeader !== 'null'
      ? originHeader
      : pageUrl && URL.canParse(pageUrl)
        ? new URL(pageUrl).origin
        : 'null';
  return origin === 'null' ? '*' : origin;
}

/**
 * The merchant page a window records (a certification's `origin`). page_url is whatever the page's
 * script reports, so a phishing page can claim the merchant's; the Origin header a page cannot
 * forge. page_url counts only on that origin; otherwise the Origin itself is the page, and with
 * none (or "null": a sandboxed frame) the page is unknown.
 */
function recordedPage(originHeader: string | undefined, pageUrl: string | null): string | null {
  if (!originHeader || originHeader === 'null' || !URL.canParse(originHeader)) return null;
  const origin = new URL(originHeader).origin;
  return pageUrl && URL.canParse(pageUrl) && new URL(pageUrl).origin === origin ? pageUrl : origin;
}

function redirectUrlOf(params: Body): string | null {
  const url = optionalText(params, 'm_redirect_url', { max: 2000 });
  if (url !== null && !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) {
    throw invalid('m_redirect_url', 'http(s) URL이어야 합니다.');
  }
  return url;
}

/** The params a window of this kind opens with, or the refusal its callback gets. */
function checked(core: Emulator, kind: WindowKind, merchantCode: string, params: Body, body: Body, baseUrl: string) {
  if (kind === 'certification') {
    readCertificationParams(params);
    return { ok: true as const, params };
  }
  const payment: Body = { ...params, channel: body.channel === 'mobile' ? 'mobile' : 'pc' };
  for (const field of CARD_FIELDS) delete payment[field];
  const check = checkWindowPayment(core, merchantCode, payment, baseUrl);
  return check.ok ? { ok: true as const, params: payment } : { ok: false as const, rsp: check.result.rsp };
}

export function openWindow(
  core: Emulator,
  sessions: WindowSessions,
  body: Body,
  originHeader: string | undefined,
  baseUrl: string,
): OpenAnswer {
  const params = body.params === undefined ? {} : objectAt(body.params, 'params');
  let redirectUrl: string | null = null;
  const refuse = (rsp: CallbackRsp): OpenAnswer => ({
    ok: false,
    rsp,
    redirect_url: redirectUrl && body.mode === 'redirect' ? redirectTarget(redirectUrl, rsp) : null,
  });
  try {
    const kind = optionalText(body, 'kind') ?? '';
    const mode = optionalText(body, 'mode') ?? 'layer';
    if (!KINDS.includes(kind)) throw invalid('kind', 'payment 또는 certification이어야 합니다.');
    if (!MODES.includes(mode)) throw invalid('mode', 'layer, popup, redirect 중 하나여야 합니다.');
    redirectUrl = redirectUrlOf(params);
    if (mode === 'redirect' && redirectUrl === null) throw invalid('m_redirect_url', '필수 항목입니다.');
    const code = optionalText(body, 'merchant_code') ?? '';
    const merchant = core.merchant(code);
    if (!merchant)
      return refuse(failedRsp('UNKNOWN_MERCHANT', `등록되지 않은 가맹점 식별코드입니다: ${code}`, params.merchant_uid));
    const result = checked(core, kind as WindowKind, code, params, body, baseUrl);
    if (!result.ok) return refuse(result.rsp);
    const pageUrl = optionalText(body, 'page_url', { max: 2000 });
    const session = sessions.open({
      kind: kind as WindowKind,
      merchant_code: code,
      merchant_name: merchant.name ?? code,
      params: result.params,
      page_url: recordedPage(originHeader, pageUrl),
      mode: mode as WindowMode,
      target_origin: targetOrigin(originHeader, pageUrl),
      redirect_url: mode === 'redirect' ? redirectUrl : null,
    });
    return { ok: true, session: session.id, url: `${baseUrl}/__emulator/windows/${session.id}` };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return refuse(failedRsp('INVALID_PARAM', error.message, params.merchant_uid));
  }
}
