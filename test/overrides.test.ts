// The one test seam: what test/kits/overrides.ts puts in, lib/overrides.ts hands to the owner.
import { afterEach, expect, it } from 'vitest';
import type { IamportClient } from '@/lib/iamport';
import { testOverride } from '@/lib/overrides';
import { clearOverride, setOverride, withOverride } from './kits/overrides';

const first = { name: 'first' } as unknown as IamportClient;
const second = { name: 'second' } as unknown as IamportClient;

afterEach(() => clearOverride('iamport'));

it('the owner reads what a test set, and nothing once it is cleared', () => {
  expect(testOverride('iamport')).toBeUndefined();
  setOverride('iamport', first);
  expect(testOverride('iamport')).toBe(first);
  expect(testOverride('database')).toBeUndefined();
  clearOverride('iamport');
  expect(testOverride('iamport')).toBeUndefined();
});

it('withOverride puts back what was there before, even when the work fails', async () => {
  setOverride('iamport', first);
  await expect(
    withOverride('iamport', second, async () => {
      expect(testOverride('iamport')).toBe(second);
      throw new Error('failed');
    }),
  ).rejects.toThrow('failed');
  expect(testOverride('iamport')).toBe(first);
  clearOverride('iamport');
  await withOverride('iamport', second, async () => expect(testOverride('iamport')).toBe(second));
  expect(testOverride('iamport')).toBeUndefined();
});
