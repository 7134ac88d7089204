import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeReturnPath('/account/cards?tab=1')).toBe('/account/cards?tab=1');
    expect(safeReturnPath('/account/cards?tab=1#top')).toBe('/account/cards?tab=1#top');
    expect(safeReturnPath(['/products', '/ignored'])).toBe('/products');
    expect(safeReturnPath('/account/../products')).toBe('/products');
  });

  it('falls back for anything that could leave the site', () => {
    for (const hostile of [
      'https://evil.example',
      'http://localhost:3000/account',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/path\\..\\..\\evil',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'account',
      '',
      undefined,
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBe('/account');
    }
  });

  it('falls back when control characters hide a second slash (browsers strip tabs and newlines)', () => {
    // `/signin?next=/%09/evil.example` arrives here decoded.
    for (const hostile of ['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/\u0000/evil.example']) {
      expect(safeReturnPath(hostile), JSON.stringify(hostile)).toBe('/account');
    }
  });

  it('falls back when dot segments normalise to a protocol-relative path', () => {
    expect(safeReturnPath('/..//evil.example')).toBe('/account');
    expect(safeReturnPath('/.//evil.example')).toBe('/account');
  });
});
