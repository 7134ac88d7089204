'use client';
import { useState } from 'react';

/**
 * The header's sign-out button; the rest of the header is rendered on the server. It ends with a
 * full page load, so nothing the previous customer's pages cached (cards, orders) stays in memory.
 */
export function SignOutButton() {
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' });
      window.location.assign('/');
    } catch {
      setSigningOut(false);
    }
  }

  return (
    <button type="button" className="link-button" onClick={signOut} disabled={signingOut}>
      {signingOut ? '로그아웃 중…' : '로그아웃'}
    </button>
  );
}
