import Link from 'next/link';
import { HideAfterWithdrawal } from '@/components/accounts/hide-after-withdrawal';
import { SignOutButton } from '@/components/accounts/sign-out-button';
import { currentUser } from '@/lib/routes';
import { ShopOnly } from './shop-only';

const sections = [
  { href: '/products', label: '상품' },
  { href: '/account/orders', label: '주문 내역' },
  { href: '/account/subscriptions', label: '정기구독' },
  { href: '/account/cards', label: '카드 관리' },
  { href: '/account', label: '내 계정' },
] as const;

/**
 * The site header, rendered on the server with the signed-in state (no blank flash while a script
 * asks). In the operator console only the brand stays: customer links have no place there.
 */
export async function SiteHeader() {
  const user = await currentUser();
  const links = (shown: readonly (typeof sections)[number][]) => (
    <ul className="m-0 flex list-none gap-4 p-0 whitespace-nowrap">
      {shown.map((section) => (
        <li key={section.href}>
          <Link href={section.href} className="text-fg no-underline hover:text-accent">
            {section.label}
          </Link>
        </li>
      ))}
    </ul>
  );
  const signedOut = (
    <>
      <Link href="/signin">로그인</Link>
      <Link href="/signup">회원가입</Link>
    </>
  );
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="brand">
          임프 상점
        </Link>
        <ShopOnly>
          {/* Once the account is withdrawn (the farewell dialog open over the page), the header is a visitor's. */}
          <nav aria-label="사이트" className="order-3 w-full overflow-x-auto sm:order-none sm:w-auto">
            {user ? (
              <HideAfterWithdrawal fallback={links(sections.slice(0, 1))}>{links(sections)}</HideAfterWithdrawal>
            ) : (
              links(sections.slice(0, 1))
            )}
          </nav>
          <div className="ml-auto flex items-center gap-4">
            {user ? (
              <HideAfterWithdrawal fallback={signedOut}>
                <Link href="/account">{user.name}님</Link>
                <SignOutButton />
              </HideAfterWithdrawal>
            ) : (
              signedOut
            )}
          </div>
        </ShopOnly>
      </div>
    </header>
  );
}
