// What browsers load from the emulator for PortOne V2, on the V1 listener (the origin the app
// already allows for scripts and windows): the browser script (/v2/browser-sdk.js) and the
// windows (/v2/windows). browser-routes.ts adds these beside V1's.
import type { IncomingMessage } from 'node:http';
import type { Emulator } from '../../core/emulator';
import { ServiceError } from '../../core/wire/errors';
import { readBody } from '../../http/body';
import type { Reply } from '../../http/reply';
import type { Params } from '../../http/router';
import { closedWindow } from '../../windows/window-page';
import { V2Error } from '../errors';
import { showIdentity, submitIdentity } from './identity-window';
import { openV2Window, type V2OpenAnswer } from './open';
import type { V2PaymentPort } from './payment-port';
import { showPayment, submitPayment } from './payment-window';
import { finish } from './result';
import { CANCEL_MESSAGES, pgFailure, portoneError } from './sdk-request';
import { type V2WindowSession, V2WindowSessions } from './sessions';

interface Context {
  req: IncomingMessage;
  params: Params;
  baseUrl: string;
}
type On = (method: string, path: string, handler: (ctx: Context) => Reply | null | Promise<Reply | null>) => void;

// Any merchant page may ask for a window, as on the real service; nothing here uses cookies.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };

export function addV2BrowserRoutes(on: On, core: Emulator, script: () => Reply | null, port: V2PaymentPort): void {
  const sessions = new V2WindowSessions();
  on('GET', '/v2/browser-sdk.js', script);
  on('OPTIONS', '/v2/windows', () => ({ status: 204, text: '', type: 'text/plain', headers: CORS }));
  on('POST', '/v2/windows', async ({ req, baseUrl }) => {
    let answer: V2OpenAnswer;
    try {
      answer = openV2Window(core, sessions, port, await readBody(req), req.headers.origin, baseUrl);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      answer = { ok: false, rsp: portoneError('payment', {}, error.message) };
    }
    return { status: 200, json: answer, headers: CORS };
  });
  on('GET', '/v2/windows/:id', ({ params }) => {
    const session = sessions.get(params.id ?? '');
    if (!session || session.done) return closedWindow();
    return ended(session, () =>
      session.kind === 'identity-verification' ? showIdentity(session) : showPayment(core, session),
    );
  });
  on('POST', '/v2/windows/:id', async ({ req, params }) => {
    const session = sessions.get(params.id ?? '');
    const form = await readBody(req);
    if (!session || session.done) return closedWindow();
    if (form.action === 'cancel') {
      const message = CANCEL_MESSAGES[session.kind];
      return finish(session, pgFailure(session.kind, session.request, session.tx_id, message, 'USER_CANCEL'));
    }
    return ended(session, () =>
      session.kind === 'identity-verification'
        ? submitIdentity(core, session, form)
        : submitPayment(core, port, session, form),
    );
  });
}

/** A window whose store or channel went away meanwhile (the control API changed the merchant) ends with the reason. */
function ended(session: V2WindowSession, show: () => Reply): Reply {
  try {
    return show();
  } catch (error) {
    if (!(error instanceof V2Error || error instanceof ServiceError)) throw error;
    return finish(session, portoneError(session.kind, session.request, error.message));
  }
}
