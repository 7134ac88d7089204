import { type ConsentEntry, consentKindLabel } from '@/lib/consents/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

/** The customer's consents, newest first: what, when (service clock), which text (its version). */
export function ConsentLog({ consents }: { consents: ConsentEntry[] }) {
  if (consents.length === 0) return <p>아직 기록된 동의가 없습니다.</p>;
  return (
    <table className="history break-keep">
      <caption className="visually-hidden">동의 기록</caption>
      <thead>
        <tr>
          <th scope="col">일시</th>
          <th scope="col">내용</th>
          <th scope="col">금액·주기</th>
          {/* On a phone the version goes under 내용: the table fits. */}
          <th scope="col" className="max-md:hidden">
            안내문 버전
          </th>
        </tr>
      </thead>
      <tbody>
        {consents.map((consent) => (
          <tr key={consent.id}>
            <td>{formatDateTime(consent.givenAt)}</td>
            <td>
              {consentKindLabel[consent.kind]} {consent.agreed ? '동의' : '동의하지 않음'}
              <span className="block text-xs text-muted md:hidden">{consent.termsVersion}</span>
            </td>
            <td>
              {consent.amount === null ? '—' : formatWon(consent.amount)}
              {consent.cycle ? ` / ${consent.cycle}` : ''}
            </td>
            <td className="max-md:hidden">{consent.termsVersion}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
