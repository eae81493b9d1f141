/** "Export log": the server's console and protocol log as a JSON-lines file. */
import { useMutation } from '@tanstack/react-query';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useBridge } from '../../../bridge/bridge-context';
import { safeFileName, saveTextFile } from '../../../bridge/save-file';
import { errorMessage, unwrap } from '../../../queries/unwrap';

/** Downloads `<server id>-log.jsonl`. */
export function ExportLogButton({ serverId }: { serverId: string }) {
  const bridge = useBridge();
  const exportLog = useMutation({
    mutationFn: async () => unwrap(await bridge.invoke['logs:export']({ serverId })),
    onSuccess: (jsonLines) => saveTextFile(safeFileName(`${serverId}-log`, 'jsonl'), jsonLines, 'application/x-ndjson'),
  });
  return (
    <>
      <button type="button" className="button button--small" onClick={() => exportLog.mutate()} disabled={exportLog.isPending} data-testid="server-log-export">
        Export log
      </button>
      {exportLog.isError && <ErrorNotice title="Could not export the log" message={errorMessage(exportLog.error)} />}
    </>
  );
}
