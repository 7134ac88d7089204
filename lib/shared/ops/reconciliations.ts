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
