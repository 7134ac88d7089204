import http from 'node:http';
import https from 'node:https';
import { PEER_HEADER } from './peer-header';

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;
const installed = Symbol.for('imp-checkout.peer-address');

/** Writes the connection's peer address into PEER_HEADER; a value the client sent is dropped. */
export function stampPeerAddress(request: http.IncomingMessage): void {
  const address = request.socket?.remoteAddress;
  if (address) request.headers[PEER_HEADER] = address;
  else delete request.headers[PEER_HEADER];
}

/**
 * Route handlers see a Web Request, never the socket, and Next keeps a client's X-Forwarded-For as
 * it is: so every HTTP(S) server of this process stamps each request with its peer address before
 * Next reads it (called once at startup, from instrumentation.ts).
 */
export function installPeerAddress(): void {
  for (const Server of [http.Server, https.Server]) {
    const proto = Server.prototype as unknown as { emit: Emit; [installed]?: true };
    if (proto[installed]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event, ...args) {
      if (event === 'request') stampPeerAddress(args[0] as http.IncomingMessage);
      return emit.call(this, event, ...args);
    };
    proto[installed] = true;
  }
}
