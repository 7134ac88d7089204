'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

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
    <Button variant="link" onClick={signOut} pending={signingOut} pendingLabel="로그아웃 중…">
      로그아웃
    </Button>
  );
}
