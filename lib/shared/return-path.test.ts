import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/account/cards?tab=1')).toBe('/account/cards?tab=1');
    expect(safeReturnPath(['/products', '/ignored'])).toBe('/products');
  });

  it('falls back for anything that could leave the site', () => {
    for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', 'account', '', undefined]) {
      expect(safeReturnPath(hostile)).toBe('/account');
    }
  });
});
