// Open V2 windows. The browser script asks for one (POST /v2/windows) with the SDK request; the
// window page and its form then name the session by an unguessable id, so what the merchant page
// sent cannot be altered in the window. In memory only, like V1's windows.
import type { Body } from '../../core/wire/fields';
import { SessionStore } from '../../windows/session-store';

export type V2WindowKind = 'payment' | 'billing-key' | 'billing-key-and-pay' | 'identity-verification';
/** layer: an iframe over the page (IFRAME); popup: window.open (POPUP); redirect: the whole page (REDIRECTION). */
export type V2WindowMode = 'layer' | 'popup' | 'redirect';

export interface V2WindowSession {
  id: string;
  kind: V2WindowKind;
  merchant_code: string;
  merchant_name: string;
  /** The SDK request, checked when the session was opened (redirectUrl made absolute). */
  request: Body;
  /** The attempt's id (txId, identityVerificationTxId). */
  tx_id: string;
  mode: V2WindowMode;
  /** mobile or pc: what the payment records as its platform. */
  channel: 'pc' | 'mobile';
  target_origin: string;
  redirect_url: string | null;
  done: boolean;
  opened_ms: number;
}

/** Sessions of V2's windows (the store V1's windows use), opened not done. */
export class V2WindowSessions {
  private readonly store = new SessionStore<V2WindowSession>();

  open(session: Omit<V2WindowSession, 'id' | 'done' | 'opened_ms'>): V2WindowSession {
    return this.store.open({ ...session, done: false });
  }

  get(id: string): V2WindowSession | undefined {
    return this.store.get(id);
  }
}
