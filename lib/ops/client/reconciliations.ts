// The console's reconciliation runs: a run as shown and the list's page.
import type { Page } from './lists';

export interface ReconciliationRunView {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  status: 'running' | 'done' | 'failed';
  report: unknown;
  error: string | null;
  /** What it did, in one line (counts of what it checked, settled, refunded; its errors). */
  summary: string | null;
}

/** The runs' list with the latest run, whichever page is shown. */
export interface ReconciliationRunsPage extends Page<ReconciliationRunView> {
  latest: ReconciliationRunView | null;
}

/**
 * Who started a run, in Korean: `npm run jobs` records `schedule (host:pid)`, `npm run reconcile`
 * `command (host:pid)`; an operator's run carries their email.
 */
export function runStarterLabel(startedBy: string): string {
  return startedBy.replace(/^schedule /, '예약 실행 ').replace(/^command \(/, '명령 실행 (npm run reconcile, ');
}

/** Why a run failed, in Korean where the cause is known (the stored line stays as it was written). */
export function runFailureLabel(error: string): string {
  const unreachable = /could not connect to the payment service(?: at (\S+))? \(([^)]+)\)/.exec(error);
  if (unreachable) {
    return `결제 서비스${unreachable[1] ? `(${unreachable[1]})` : ''}에 연결하지 못해 아무것도 확인하지 못했습니다 (${unreachable[2]}).`;
  }
  const silent = /no answer within (\d+) ms/.exec(error);
  if (silent)
    return `결제 서비스가 ${Math.ceil(Number(silent[1]) / 1000)}초 안에 답하지 않아 대사를 마치지 못했습니다.`;
  if (error.startsWith('abandoned:')) return '실행하던 프로세스가 끝내기 전에 멈췄습니다.';
  return error;
}
