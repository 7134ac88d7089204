// The server stamps each request with its TCP peer: a client's own X-Forwarded-For or a forged
// peer header never reaches clientAddress() as the address when TRUST_PROXY is off.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installPeerAddress } from './peer-address';
import { PEER_HEADER } from './peer-header';

describe('installPeerAddress', () => {
  it("overwrites a client's peer header with the connection's address", async () => {
    installPeerAddress();
    installPeerAddress(); // idempotent: stamped once, not wrapped twice
    const server = http.createServer((request, response) => {
      response.end(
        JSON.stringify({ peer: request.headers[PEER_HEADER], forwarded: request.headers['x-forwarded-for'] }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_HEADER]: '203.0.113.9', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(await answer.json()).toEqual({ peer: '127.0.0.1', forwarded: '203.0.113.9' });
    } finally {
      server.close();
    }
  });
});
