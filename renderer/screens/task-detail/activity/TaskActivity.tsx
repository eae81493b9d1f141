/**
 * What the server said about one task, and what the app sent it: the task's protocol exchange as
 * a timeline (ExchangeLineView.tsx), its console lines (its log messages, and the stderr lines the
 * app could tie to it), and "Export task" (one JSON file: record, timeline, result, exchange,
 * console). The exchange is read again when the host says it changed (`logs:appended`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import type { TaskDetail } from '../../../../shared/ipc/contract';
import { useBridge } from '../../../bridge/bridge-context';
import { safeFileName, saveTextFile } from '../../../bridge/save-file';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { logKeys } from '../../../queries/keys';
import { errorMessage, unwrap } from '../../../queries/unwrap';
import { ServerConsole } from '../../servers/console/ServerConsole';
import { DroppedLines, ExchangeLineView } from './ExchangeLineView';
import '../../servers/console/console.css';

/** The activity section of `task`'s detail. */
export function TaskActivity({ task, serverName }: { task: TaskDetail; serverName: string }) {
  const bridge = useBridge();
  const titleId = useId();
  const exchangeTitleId = useId();
  const consoleTitleId = useId();
  const exchange = useQuery({
    queryKey: logKeys.exchange(task.localId),
    queryFn: async () => unwrap(await bridge.invoke['tasks:exchange']({ localId: task.localId })),
    staleTime: Infinity,
  });
  const exportTask = useMutation({
    mutationFn: async () => unwrap(await bridge.invoke['tasks:export']({ localId: task.localId })),
    onSuccess: (json) => {
      if (json !== null) saveTextFile(safeFileName(`${task.toolName}-${task.localId}`, 'json'), json, 'application/json');
    },
  });
  const lines = exchange.data ?? [];
  return (
    <section className="task-detail__section task-activity" aria-labelledby={titleId} data-testid="task-activity">
      <div className="server-activity__heading">
        <h2 id={titleId}>Activity</h2>
        <button type="button" className="button button--small" onClick={() => exportTask.mutate()} disabled={exportTask.isPending} data-testid="task-export">
          Export task
        </button>
      </div>
      {exportTask.isError && <ErrorNotice title="Could not export the task" message={errorMessage(exportTask.error)} />}
      {exportTask.data === null && <p className="muted">This task is no longer kept, so there is nothing to export.</p>}
      <section aria-labelledby={exchangeTitleId}>
        <h3 id={exchangeTitleId}>Protocol exchange with {serverName}</h3>
        {exchange.isError && <ErrorNotice title="Could not read the exchange" message={errorMessage(exchange.error)} onRetry={() => void exchange.refetch()} />}
        <div className="log-box" role="region" aria-label="Protocol exchange of this task" tabIndex={0} data-testid="exchange-lines">
          {lines.length === 0 ? (
            <p className="muted log-box__note">{exchange.isPending ? 'Loading…' : 'No message recorded for this task (or the protocol log is switched off).'}</p>
          ) : (
            <ol className="log-lines">
              {lines.map((line, index) => (
                <Fragment key={`${line.at}-${index}`}>
                  {line.droppedBefore !== undefined && <DroppedLines count={line.droppedBefore} />}
                  <ExchangeLineView line={line} index={index} />
                </Fragment>
              ))}
            </ol>
          )}
        </div>
      </section>
      <section aria-labelledby={consoleTitleId}>
        <h3 id={consoleTitleId}>Console lines</h3>
        <ServerConsole serverId={task.serverId} serverName={serverName} localId={task.localId} />
      </section>
    </section>
  );
}
