'use client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { useReconciliationRuns, useRunReconciliation } from '@/lib/browser/client';
import { hasRole, type ReconciliationRunView, runFailureLabel, runStarterLabel } from '@/lib/ops/client';
import { formatDateTime } from '@/lib/values/client';
import { ListShell } from './list-shell';
import { useConsoleOperator } from './ops-providers';

const statusLabel = { running: '실행 중', done: '완료', failed: '실패' } as const;

function LatestRun({ run }: { run: ReconciliationRunView }) {
  return (
    <Panel variant="console" aria-labelledby="latest-run">
      <h2 id="latest-run">마지막 대사</h2>
      <dl>
        <dt>시작</dt>
        <dd>{formatDateTime(run.startedAt)}</dd>
        <dt>끝남</dt>
        <dd>{run.finishedAt ? formatDateTime(run.finishedAt) : '실행 중'}</dd>
        <dt>실행</dt>
        <dd>{runStarterLabel(run.startedBy)}</dd>
        <dt>결과</dt>
        <dd>
          {statusLabel[run.status]}
          {run.summary && ` · ${run.summary}`}
          {run.error && ` · ${runFailureLabel(run.error)}`}
        </dd>
      </dl>
    </Panel>
  );
}

/** /ops/reconciliation: run now (refunder and up), and the last runs with their reports. */
export function ReconciliationView() {
  const operator = useConsoleOperator();
  const run = useRunReconciliation();
  return (
    <ListShell
      useList={useReconciliationRuns}
      notices={
        <>
          {hasRole(operator.role, 'refunder') && (
            <div className="ops-actions">
              <Button pending={run.isPending} pendingLabel="대사하는 중…" onClick={() => run.mutate()}>
                지금 대사 실행
              </Button>
            </div>
          )}
          {run.isSuccess && <Alert tone="success">대사를 마쳤습니다 ({statusLabel[run.data.run.status]}).</Alert>}
          {run.error && <Alert>{run.error.message}</Alert>}
        </>
      }
    >
      {({ rows, latest }) => (
        <>
          {latest && <LatestRun run={latest} />}
          {rows.length === 0 && <p>아직 실행한 대사가 없습니다.</p>}
          <ol className="ops-runs" aria-label="대사 실행 기록">
            {rows.map((row) => (
              <Panel as="li" key={row.id} variant="console">
                <p>
                  <strong>{formatDateTime(row.startedAt)}</strong> · {runStarterLabel(row.startedBy)} ·{' '}
                  {statusLabel[row.status]}
                </p>
                {row.summary && <p>{row.summary}</p>}
                {row.error && <Alert>{runFailureLabel(row.error)}</Alert>}
                {row.report !== null && (
                  <details>
                    <summary>보고서</summary>
                    <pre>{JSON.stringify(row.report, null, 2)}</pre>
                  </details>
                )}
              </Panel>
            ))}
          </ol>
        </>
      )}
    </ListShell>
  );
}
