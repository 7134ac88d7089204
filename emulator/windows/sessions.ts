// Open payment / certification windows. IMP.* asks the emulator to open one (after the checks
// that refuse a request before any window appears); the window page and its form post then name
// the session by an unguessable id, so the params a merchant page sent cannot be altered in the
// window. Sessions live in memory only: a window does not outlive the emulator process.
import type { Body } from '../core/wire/fields';
import { SessionStore } from './session-store';

export type WindowKind = 'payment' | 'certification';
/** layer: an iframe over the merchant page; popup: window.open; redirect: the whole page (m_redirect_url). */
export type WindowMode = 'layer' | 'popup' | 'redirect';

export interface WindowSession {
  id: string;
  kind: WindowKind;
  merchant_code: string;
  /** What the window calls the merchant (its display name, else its code). */
  merchant_name: string;
  /** The IMP.* params, checked when the session was opened. */
  params: Body;
  mode: WindowMode;
  /** Where the result is posted (postMessage targetOrigin): the merchant page's origin. */
  target_origin: string;
  /** The merchant page that opened the window (a certification's `origin`). */
  page_url: string | null;
  /** m_redirect_url in redirect mode. */
  redirect_url: string | null;
  /** Set once the window completed or was cancelled: a second submit changes nothing. */
  done: boolean;
  /** A phone payment's first step (통신사, 휴대폰 번호) once its code was sent; the second asks the code. */
  phone_account: { carrier: string; phone: string } | null;
  opened_ms: number;
}

/** Sessions of V1's windows: opened not done, with no phone step yet. */
export class WindowSessions {
  private readonly store = new SessionStore<WindowSession>();

  open(session: Omit<WindowSession, 'id' | 'done' | 'opened_ms' | 'phone_account'>): WindowSession {
    return this.store.open({ ...session, done: false, phone_account: null });
  }

  get(id: string): WindowSession | undefined {
    return this.store.get(id);
  }
}
