import { describe, expect, it } from 'vitest';
import { parseForm } from './body';

describe('form bodies', () => {
  it('reads flat fields as strings', () => {
    expect(parseForm('imp_key=a&imp_secret=b%20c')).toEqual({ imp_key: 'a', imp_secret: 'b c' });
  });

  it('reads bracket notation into arrays and objects', () => {
    const body = parseForm(
      'customer_uid=c&schedules[0][merchant_uid]=m1&schedules[0][amount]=100&schedules[1][merchant_uid]=m2&merchant_uid[]=x&merchant_uid[]=y',
    );
    expect(body).toEqual({
      customer_uid: 'c',
      schedules: [{ merchant_uid: 'm1', amount: '100' }, { merchant_uid: 'm2' }],
      merchant_uid: ['x', 'y'],
    });
  });
});
