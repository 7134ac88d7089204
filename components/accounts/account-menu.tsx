'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch } from '@/lib/browser/api';
import { useAccount } from '@/lib/browser/resources/use-account';

/** The header's account corner: sign-in links, or the customer's name and sign-out. */
export function AccountMenu() {
  const router = useRouter();
  const { account, isLoading, mutate } = useAccount();
  const [signingOut, setSigningOut] = useState(false);

  if (isLoading) return <span className="account-menu" aria-busy="true" />;
  if (!account) {
    return (
      <span className="account-menu">
        <Link href="/signin">로그인</Link>
        <Link href="/signup">회원가입</Link>
      </span>
    );
  }

  async function signOut() {
    setSigningOut(true);
    try {
      await apiFetch('/api/session', { method: 'DELETE' });
      await mutate({ account: null }, { revalidate: false });
      router.push('/');
      router.refresh();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <span className="account-menu">
      <Link href="/account">{account.name}님</Link>
      <button type="button" className="link-button" onClick={signOut} disabled={signingOut}>
        {signingOut ? '로그아웃 중…' : '로그아웃'}
      </button>
    </span>
  );
}
