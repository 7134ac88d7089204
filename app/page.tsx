import Link from 'next/link';
import { flows } from '@/app/flows';

export default function HomePage() {
  return (
    <>
      <h1>임프 상점에 오신 것을 환영합니다</h1>
      <p className="lead">
        본인인증으로 가입하고, 카드를 한 번 등록하면 클릭 한 번으로 결제하고 정기구독까지 이용할 수 있습니다.
      </p>
      <nav aria-label="주요 기능">
        <ul className="flow-list">
          {flows.map((flow) => (
            <li key={flow.href}>
              <Link href={flow.href} className="flow-card">
                <strong>{flow.title}</strong>
                <span>{flow.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
