// The public face of lib/reconciliation: other folders import it through here, never a file inside.
import 'server-only';

export { reconcile } from './reconcile';
export { listRuns, runReconciliation, runsNaming, withSummary } from './runs';
export { startReconcileSchedule } from './schedule-loop';
export { commandReconciliation } from './scheduled';
