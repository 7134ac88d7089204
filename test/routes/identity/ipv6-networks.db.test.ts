// Limits per address hold for IPv6 too, and against a forged X-Forwarded-For: one customer line or server is handed a whole /64, so an
// address alone would let anyone rotate through 2^64 of them past every per-address limit.
import { describe, expect, it } from 'vitest';
import { POST as issueCheck } from '@/app/api/identity/checks/route';
import { env } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/peer-header';
import { IDENTITY_CHECKS_PER_ADDRESS } from '@/lib/rate-limit';
import { setupTestDatabase } from '@/test/db';
import { pageRequest } from '@/test/factories';

setupTestDatabase();

const check = (address: string) => {
  const request = pageRequest('/api/identity/checks', { method: 'POST' });
  request.headers.set('x-forwarded-for', address);
  return issueCheck(request, {});
};

describe('per-address limits and IPv6', () => {
  it('every address of one /64 shares one counter, however it is written; the next /64 has its own', async () => {
    for (let i = 1; i <= IDENTITY_CHECKS_PER_ADDRESS.points; i++) {
      // Alternately compressed and written out in full: the same network either way.
      const address = i % 2 ? `2001:db8:aa:bb::${i.toString(16)}` : `2001:0db8:00aa:00bb:0:0:1:${i.toString(16)}`;
      expect((await check(address)).status).toBe(200);
    }
    expect((await check('2001:db8:aa:bb:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await check('[2001:db8:aa:bb::7]')).status).toBe(429);
    expect((await check('2001:db8:aa:bc::1')).status).toBe(200);
  });
});

describe('without TRUST_PROXY (the embedded default)', () => {
  it("X-Forwarded-For is the client's to write: one peer rotating it is still one address", async () => {
    const saved = env.TRUST_PROXY;
    env.TRUST_PROXY = false;
    try {
      const fromPeer = (forged: string) => {
        const request = pageRequest('/api/identity/checks', { method: 'POST' });
        request.headers.set('x-forwarded-for', forged);
        request.headers.set(PEER_HEADER, '198.51.100.7');
        return issueCheck(request, {});
      };
      for (let i = 1; i <= IDENTITY_CHECKS_PER_ADDRESS.points; i++) {
        expect((await fromPeer(`203.0.113.${i}`)).status).toBe(200);
      }
      expect((await fromPeer('203.0.113.250')).status).toBe(429);
      // With it, the proxy's last hop is the address again.
      env.TRUST_PROXY = true;
      expect((await fromPeer('203.0.113.251')).status).toBe(200);
    } finally {
      env.TRUST_PROXY = saved;
    }
  });
});
