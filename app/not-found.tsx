import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button';

export const metadata: Metadata = { title: '페이지를 찾을 수 없습니다' };

export default function NotFound() {
  return (
    <section className="narrow">
      <h1>페이지를 찾을 수 없습니다</h1>
      <p className="lead">주소가 바뀌었거나 없는 페이지입니다. 주소를 다시 확인해 주세요.</p>
      <p className="flex flex-wrap gap-3">
        <Link href="/" className={buttonClassName()}>
          처음으로
        </Link>
        <Link href="/products" className={buttonClassName('secondary')}>
          상품 보기
        </Link>
      </p>
    </section>
  );
}
