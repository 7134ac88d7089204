// What a window hands back to the merchant page: the shapes both the result page
// (pages/window-result.ts) and the window's end (windows/result.ts) use.

/** The fields every callback rsp has; payment rsps carry more (core/wire/window-callback.ts). */
export interface CallbackRsp {
  success: boolean;
  error_code: string | null;
  error_msg: string | null;
  imp_uid: string | null;
  merchant_uid: string | null;
}

/** What the merchant page receives from a window (postMessage data). */
export interface ResultMessage {
  source: 'iamport-emulator';
  type: 'result';
  session: string;
  rsp: CallbackRsp;
}
