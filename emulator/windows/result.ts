// How a window's outcome reaches the merchant page: the rsp posted to the opener (popup) or the
// parent (layer) by the result page, or, in redirect mode, m_redirect_url with the outcome in its
// query string (the URL's own query kept).
import type { Reply } from '../http/reply';
import { redirect } from '../http/reply';
import type { CallbackRsp, ResultMessage } from './result-message';
import { resultPage } from './result-page';
import type { WindowKind, WindowSession } from './sessions';

export type { CallbackRsp, ResultMessage } from './result-message';

export const failedRsp = (error_code: string, error_msg: string, merchantUid: unknown): CallbackRsp => ({
  success: false,
  error_code,
  error_msg,
  imp_uid: null,
  merchant_uid: typeof merchantUid === 'string' ? merchantUid : null,
});

export const CANCEL_MESSAGES: Record<WindowKind, string> = {
  payment: '사용자가 결제를 취소하셨습니다',
  certification: '사용자가 본인인증을 취소하셨습니다',
};

/** m_redirect_url?imp_uid=..&merchant_uid=..&imp_success=..[&error_code=..&error_msg=..]. */
export function redirectTarget(redirectUrl: string, rsp: CallbackRsp): string {
  const url = new URL(redirectUrl);
  const set = (name: string, value: string | null) => value !== null && url.searchParams.set(name, value);
  set('imp_uid', rsp.imp_uid);
  set('merchant_uid', rsp.merchant_uid);
  set('imp_success', String(rsp.success));
  // Certification redirects have been documented with `success`; both are sent, for tolerance.
  set('success', String(rsp.success));
  if (!rsp.success) {
    set('error_code', rsp.error_code);
    set('error_msg', rsp.error_msg);
  }
  return url.toString();
}

/** Ends a window: once only; then redirects or shows the page that posts the rsp back. */
export function finish(session: WindowSession, rsp: CallbackRsp): Reply {
  session.done = true;
  if (session.mode === 'redirect' && session.redirect_url) return redirect(redirectTarget(session.redirect_url, rsp));
  const message: ResultMessage = { source: 'iamport-emulator', type: 'result', session: session.id, rsp };
  return { status: 200, html: resultPage(session, message) };
}
