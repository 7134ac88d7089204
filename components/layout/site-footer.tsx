import Link from 'next/link';
import { sellerInfo } from '@/lib/legal';
import { sellerLines } from '@/lib/legal/client';
import { withTopic } from '@/lib/values/client';

/**
 * The seller's particulars (사업자 정보) and the policies, on every customer page, as the
 * 전자상거래법 asks; the privacy policy's link is bold, as Korean shops show it.
 */
export function SiteFooter() {
  const seller = sellerInfo();
  return (
    <footer className="border-t border-line bg-white text-sm text-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 sm:px-6">
        <nav aria-label="약관 및 정책">
          <ul className="m-0 flex list-none flex-wrap gap-x-5 gap-y-1 p-0">
            <li>
              <Link href="/terms" className="text-fg">
                이용약관
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="font-bold text-fg">
                개인정보처리방침
              </Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="seller-heading">
          <h2 id="seller-heading" className="m-0 mb-1 text-sm font-bold text-fg">
            사업자 정보
          </h2>
          <dl className="m-0 flex flex-wrap gap-x-4 gap-y-1">
            {sellerLines(seller).map(([label, value]) => (
              <div key={label} className="flex gap-1.5">
                <dt>{label}</dt>
                <dd className="m-0 text-fg">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <p className="m-0">
          {withTopic(seller.legalName)} 통신판매업자로서 상품의 판매와 배송, 환불에 대한 책임을 집니다. 결제는 결제
          서비스(결제대행사)를 통해 처리됩니다.
        </p>
      </div>
    </footer>
  );
}
