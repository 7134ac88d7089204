// Injected faults: the next `count` requests matching method + path fail in a chosen way, so
// clients can be tested against a flaky service. Paths match exactly, or by prefix when the
// pattern ends with `*` (`/subscribe/*`); method `*` matches any. Never applied to /__emulator/.
// `after: true` lets the request be processed first and loses only its answer (500, 503, hang or
// drop instead of the reply): the case a client must resolve from the service's records.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalid } from '../core/wire/errors';
import { type Body, optionalFlag, optionalInteger, optionalText, requiredText } from '../core/wire/fields';
import { type Reply, serverError } from './reply';

export const FAULT_ACTIONS = ['500', '503', 'hang', 'drop', 'delay'] as const;
export type FaultAction = (typeof FAULT_ACTIONS)[number];

export interface Fault {
  id: number;
  method: string;
  path: string;
  action: FaultAction;
  remaining: number;
  delay_ms: number;
  /** Processed first, then the answer is lost in the chosen way (not with `delay`). */
  after: boolean;
}

/** A hang lasts until the client gives up (closes the socket) or this long. */
export const HANG_MS = 60_000;
const MAX_FAULTS = 100;

export class FaultBook {
  private faults: Fault[] = [];
  private lastId = 0;

  add(body: Body): Fault {
    const action = requiredText(body, 'action', {
      pattern: new RegExp(`^(${FAULT_ACTIONS.join('|')})$`),
      format: FAULT_ACTIONS.join(' | '),
    }) as FaultAction;
    const path = requiredText(body, 'path', { max: 500, pattern: /^\//, format: '/로 시작하는 경로' });
    if (path.startsWith('/__emulator/')) throw invalid('path', '제어 API에는 장애를 주입할 수 없습니다.');
    const count = optionalInteger(body, 'count') ?? 1;
    if (count < 1 || count > 1_000_000) throw invalid('count', '1 이상 1000000 이하여야 합니다.');
    if (this.faults.length >= MAX_FAULTS) throw invalid('path', `장애는 최대 ${MAX_FAULTS}개까지 걸어 둘 수 있습니다.`);
    const delay = optionalInteger(body, 'delay_ms') ?? (action === 'delay' ? 1000 : 0);
    if (delay < 0 || delay > HANG_MS) throw invalid('delay_ms', `0 이상 ${HANG_MS} 이하여야 합니다.`);
    const after = optionalFlag(body, 'after') ?? false;
    if (after && action === 'delay') throw invalid('after', 'delay에는 after를 쓸 수 없습니다.');
    this.lastId += 1;
    const fault: Fault = {
      id: this.lastId,
      method: (optionalText(body, 'method', { max: 20 }) ?? '*').toUpperCase(),
      path,
      action,
      remaining: count,
      delay_ms: delay,
      after,
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching the request, used up by one. */
  take(method: string, pathname: string): Fault | null {
    const fault = this.faults.find(
      (f) =>
        (f.method === '*' || f.method === method) &&
        (f.path.endsWith('*') ? pathname.startsWith(f.path.slice(0, -1)) : pathname === f.path),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}

/**
 * Acts out a fault. Answers the reply to send instead of the real one, or null when the request
 * should go on (after a delay) or nothing may be sent (drop, hang).
 */
export async function actOut(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Reply | 'proceed' | null> {
  switch (fault.action) {
    case '500':
      return serverError(500, 'Internal Server Error');
    case '503':
      return serverError(503, 'Service Unavailable');
    case 'delay':
      await new Promise((resolve) => setTimeout(resolve, fault.delay_ms).unref());
      return 'proceed';
    case 'drop':
      req.socket.destroy();
      return null;
    case 'hang':
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANG_MS);
        timer.unref();
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      req.socket.destroy();
      return null;
  }
}
