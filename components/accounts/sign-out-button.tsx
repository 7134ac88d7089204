'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/browser/api';
import { ACCOUNT_KEY } from '@/lib/browser/resources/use-account';

/** The header's sign-out button; the rest of the header is rendered on the server. */
export function SignOutButton() {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await apiFetch('/api/session', { method: 'DELETE' });
      await mutate(ACCOUNT_KEY, { account: null }, { revalidate: false });
      router.push('/');
      router.refresh();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <button type="button" className="link-button" onClick={signOut} disabled={signingOut}>
      {signingOut ? '로그아웃 중…' : '로그아웃'}
    </button>
  );
}
