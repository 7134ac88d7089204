import { describe, expect, it } from 'vitest';
import { newApplyNum, newBarcode, newImpUid } from './ids';

describe('ids', () => {
  it('have their shapes, and their digits are spread evenly', () => {
    expect(newImpUid(() => false)).toMatch(/^imp_\d{12}$/);
    expect(newBarcode()).toMatch(/^8\d{17}$/);
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 5000; i++) for (const d of newApplyNum()) counts[Number(d)] = (counts[Number(d)] ?? 0) + 1;
    // 40,000 digits: each about 4,000; a bias of the byte mapping would show as one far off.
    for (const count of counts) expect(Math.abs(count - 4000)).toBeLessThan(400);
  });

  it('skips an id already taken', () => {
    const taken = new Set<string>();
    const first = newImpUid(() => false);
    taken.add(first);
    let calls = 0;
    const second = newImpUid((id) => ++calls === 1 || taken.has(id));
    expect(second).not.toBe(first);
    expect(calls).toBe(2);
  });
});
