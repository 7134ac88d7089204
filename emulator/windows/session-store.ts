// The open windows' sessions, V1's and V2's: named by an unguessable id, kept in memory for an hour,
// at most 1,000 at once (past that the oldest go first).
import { randomBytes } from 'node:crypto';

const LIFETIME_MS = 60 * 60 * 1000;
const MAX_OPEN = 1000;

export class SessionStore<S extends { id: string; opened_ms: number }> {
  private readonly sessions = new Map<string, S>();

  /** Opens a session with a new id, opened now. */
  open(fields: Omit<S, 'id' | 'opened_ms'>): S {
    this.prune();
    const opened = { ...fields, id: randomBytes(16).toString('hex'), opened_ms: Date.now() } as S;
    this.sessions.set(opened.id, opened);
    return opened;
  }

  get(id: string): S | undefined {
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
