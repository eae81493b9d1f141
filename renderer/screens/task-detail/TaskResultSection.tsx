/** The final result of a task; mounted only once the host has stored one. */
import { ErrorNotice } from '../../components/ErrorNotice';
import { ToolResultView } from '../../components/ToolResultView';
import { errorMessage } from '../../queries/unwrap';
import { useTaskResult } from '../../queries/use-engine-data';

/** The result section of the detail screen. */
export function TaskResultSection({ localId }: { localId: string }) {
  const result = useTaskResult(localId);
  return (
    <section className="task-detail__section" data-testid="task-result" aria-labelledby="task-result-title">
      <h2 id="task-result-title">Result</h2>
      {result.isPending && <p role="status">Loading the result…</p>}
      {result.isError && <ErrorNotice title="Could not load the result" message={errorMessage(result.error)} onRetry={() => void result.refetch()} />}
      {result.data === null && <p className="muted">The result is no longer stored.</p>}
      {result.data !== undefined && result.data !== null && <ToolResultView result={result.data} />}
    </section>
  );
}
