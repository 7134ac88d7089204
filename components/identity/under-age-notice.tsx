import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';

/** Certification found the person younger than the shop's minimum age: why signup ends here, and where to go. */
export function UnderAgeNotice({ minAge }: { minAge: number }) {
  return (
    <Panel aria-labelledby="under-age-heading">
      <h2 id="under-age-heading">만 {minAge}세 미만은 가입할 수 없습니다</h2>
      <Alert tone="info">
        <p className="m-0">
          본인인증 결과 만 {minAge}세 미만으로 확인되었습니다. 이 쇼핑몰은 카드 결제와 정기결제를 제공하기 때문에 만{' '}
          {minAge}세 이상만 회원으로 가입할 수 있습니다.
        </p>
      </Alert>
      <ul>
        <li>이 인증으로는 계정이 만들어지지 않았습니다.</li>
        <li>만 {minAge}세가 된 뒤에 다시 가입해 주세요.</li>
        <li>다른 사람의 명의로 본인인증을 하는 것은 허용되지 않습니다.</li>
      </ul>
      <p>
        <Link href="/products">상품 둘러보기</Link>
      </p>
    </Panel>
  );
}
