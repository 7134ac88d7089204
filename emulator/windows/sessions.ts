// Open payment / certification windows. IMP.* asks the emulator to open one (after the checks
// that refuse a request before any window appears); the window page and its form post then name
// the session by an unguessable id, so the params a merchant page sent cannot be altered in the
// window. Sessions live in memory only: a window does not outlive the emulator process.
import { randomBytes } from 'node:crypto';
import type { Body } from '../core/wire/fields';

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
  opened_ms: number;
}

const LIFETIME_MS = 60 * 60 * 1000;
const MAX_OPEN = 1000;

export class WindowSessions {
  private readonly sessions = new Map<string, WindowSession>();

  open(session: Omit<WindowSession, 'id' | 'done' | 'opened_ms'>): WindowSession {
    this.prune();
    const opened: WindowSession = {
      ...session,
      id: randomBytes(16).toString('hex'),
      done: false,
      opened_ms: Date.now(),
    };
    this.sessions.set(opened.id, opened);
    return opened;
  }

  get(id: string): WindowSession | undefined {
    const session = this.sessions.get(id);
    if (session && Date.now() - session.opened_ms > LIFETIME_MS) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** Forgets expired sessions and, past the cap, the oldest (a Map iterates in insertion order). */
  private prune(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.opened_ms <= LIFETIME_MS && this.sessions.size < MAX_OPEN) break;
      this.sessions.delete(id);
    }
  }
}
