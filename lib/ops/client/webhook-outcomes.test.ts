import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noticeStatusLabel, webhookOutcomeLabel } from './webhook-outcomes';

// Issue 32: the console showed "order paid", "ignored: card registration". Every outcome the code
// records for a webhook delivery is shown in Korean; the stored words stay (they are searched).
const lib = path.join(import.meta.dirname, '..', '..');

/** Every outcome the production code under lib/ writes: settlements' notes, the receiver's, the lifecycle's. */
function writtenOutcomes(): string[] {
  const found = new Set<string>();
  const files = readdirSync(lib, { recursive: true, encoding: 'utf8' }).filter(
    // lib/provider's results name an `outcome` too (a charge's, a refund's): no webhook delivery records them.
    (file) =>
      file.endsWith('.ts') && !file.includes('.test.') && !file.startsWith('shared') && !file.startsWith('provider'),
  );
  const patterns = [
    /settlement\(\s*[^,()]+,\s*(['`])(.+?)\1\s*\)/g,
    /notes\.push\((['`])(.+?)\1\)/g,
    /outcome: (['`])((?:ignored|error|order|refunded)[^'`]*)\1/g,
    /note: (['`])([^'`]*(?:charge|subscription)[^'`]*)\1/g,
  ];
  for (const file of files) {
    const source = readFileSync(path.join(lib, file), 'utf8');
    for (const pattern of patterns) {
      // A template's `${…}` stands for a number, a status or an identifier — or, for a note, a note.
      for (const match of source.matchAll(pattern)) {
        found.add(
          (match[2] ?? '').replace(/\$\{[^}]+\}/g, (hole) => (/note\}$/.test(hole) ? 'subscription renewed' : '1')),
        );
      }
    }
  }
  return [...found];
}

describe('webhook outcomes in Korean', () => {
  it('says what the common outcomes mean', () => {
    expect(webhookOutcomeLabel('order paid')).toBe('주문 결제 반영');
    expect(webhookOutcomeLabel('ignored: card registration')).toBe('무시함: 카드 등록 (결제 아님)');
    expect(webhookOutcomeLabel('refund recorded: 3000 of 19900')).toBe('환불 기록: 19,900원 중 3,000원');
    expect(webhookOutcomeLabel('subscription renewed; no active card to book the next charge')).toBe(
      '구독 갱신, 다음 결제를 예약할 카드 없음',
    );
    expect(noticeStatusLabel('cancelled')).toBe('취소');
    expect(webhookOutcomeLabel('something unforeseen')).toBe('something unforeseen');
  });

  it("says how an order awaits its money by the order's method", () => {
    expect(webhookOutcomeLabel('order awaiting', 'vbank')).toBe('주문 입금 대기');
    expect(webhookOutcomeLabel('order awaiting', 'cvs')).toBe('주문 편의점 결제 대기');
    expect(webhookOutcomeLabel('order awaiting')).toBe('주문 입금·편의점 결제 대기');
    expect(webhookOutcomeLabel('order awaiting; refund already recorded', 'vbank')).toBe(
      '주문 입금 대기, 환불이 이미 기록됨',
    );
  });

  it('has Korean for every outcome the code records', () => {
    const outcomes = writtenOutcomes();
    expect(outcomes).toEqual(expect.arrayContaining(['order 1', 'ignored: card registration']));
    const untranslated = outcomes.filter((outcome) => webhookOutcomeLabel(outcome) === outcome);
    expect(untranslated).toEqual([]);
  });
});
