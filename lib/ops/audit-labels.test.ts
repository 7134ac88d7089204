import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditNoteLabel, auditReasonLabel, auditResultLabel, auditTargetLabel } from './audit-labels';

describe('audit labels', () => {
  it('names actions, targets and reasons in Korean; unknown codes stay as they are', () => {
    expect(auditActionLabel('payment.refund')).toBe('결제 환불');
    expect(auditActionLabel('subscription.cancel_now')).toBe('구독 즉시 해지');
    expect(auditActionLabel('something.new')).toBe('something.new');
    expect(auditTargetLabel('subscription_charge')).toBe('구독 결제');
    expect(auditReasonLabel('customer_request')).toBe('고객 요청');
    expect(auditReasonLabel('free text')).toBe('free text');
  });

  it('writes each result line the code stores in Korean', () => {
    expect(auditResultLabel('refunded 20000; 36000 left')).toBe('20,000원 환불, 남은 금액 36,000원');
    expect(auditResultLabel('refunded 9900; 0 left; subscription ended')).toBe(
      '9,900원 환불, 남은 금액 0원, 구독 종료',
    );
    expect(auditResultLabel('ended now; refunded 13480')).toBe('즉시 해지, 13,480원 환불');
    expect(auditResultLabel('not refunded: 이미 취소된 결제입니다')).toBe('환불되지 않음: 이미 취소된 결제입니다');
    expect(auditResultLabel('added as refunder')).toBe('환불 담당 권한으로 추가');
    expect(auditResultLabel('ends at 1795000000')).toMatch(/^2026년 .*에 종료 예정$/);
    expect(
      auditResultLabel(
        'refunds 1 resolved, 0 failed; subscriptions 3 checked, 1 applied, 0 refunded; orders 2 checked, 2 settled; payments 0 settled, 0 refunded; cards 4 checked, 0 keys deleted; 0 errors',
      ),
    ).toBe(
      '환불 1건 확정·0건 실패; 구독 3건 확인·1건 반영·0건 환불; 주문 2건 확인·2건 정리; 결제 0건 정리·0건 환불; 카드 4건 확인·키 0건 삭제; 오류 0건',
    );
    expect(auditResultLabel('something unforeseen')).toBe('something unforeseen');
    // A webhook processed again records the delivery's outcome (issue 32: shown in English).
    expect(auditResultLabel('order paid')).toBe('주문 결제 반영');
    expect(auditResultLabel('ignored: card registration')).toBe('무시함: 카드 등록 (결제 아님)');
  });

  it("writes the code's own notes in Korean, an operator's as written", () => {
    expect(auditNoteLabel('return fee 6000')).toBe('반품 배송비 6,000원');
    expect(auditNoteLabel('반품 배송비는 편도 3,000원만 받기로 함')).toBe('반품 배송비는 편도 3,000원만 받기로 함');
  });

  it('has a Korean name for every action the code writes to the log', () => {
    // Every `action: 'x.y'` and `order.${step}` the production code under lib/ writes.
    const root = path.join(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.includes('.test.'),
    );
    const codes = new Set<string>();
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const line of text.split('\n').filter((l) => l.includes('action: '))) {
        for (const m of line.matchAll(/'([a-z]+\.[a-z_]+)'/g)) codes.add(m[1] as string);
      }
      if (text.includes('action: `order.') && file.endsWith('fulfilment.ts'))
        for (const step of ['prepare', 'ship', 'deliver']) codes.add(`order.${step}`);
      if (text.includes('action: `shipment.') && file.endsWith('shipment-steps.ts'))
        for (const step of ['prepare', 'ship', 'deliver']) codes.add(`shipment.${step}`);
    }
    expect(codes.size).toBeGreaterThan(15);
    const unnamed = [...codes].filter((code) => auditActionLabel(code) === code);
    expect(unnamed).toEqual([]);
  });
});
