/** What an import did: the servers added (unapproved) and the entries skipped, with reasons. */
import type { ImportReport } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';

/** The report of one import. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className="import-report" role="status" data-testid="import-report">
      <h3>Imported ({report.imported.length})</h3>
      {report.imported.length === 0 ? (
        <p className="muted">Nothing was imported.</p>
      ) : (
        <ul data-testid="import-imported">
          {report.imported.map((server) => (
            <li key={server.id}>
              <VisibleText text={server.name} /> — {server.transport === 'stdio' ? 'command' : server.httpTransport === 'sse' ? 'HTTP+SSE' : 'HTTP'}
              {server.transport === 'stdio' && !server.approved && <strong> · needs your approval before it runs</strong>}
            </li>
          ))}
        </ul>
      )}
      <h3>Skipped ({report.skipped.length})</h3>
      {report.skipped.length === 0 ? (
        <p className="muted">Nothing was skipped.</p>
      ) : (
        <ul data-testid="import-skipped">
          {report.skipped.map((entry, index) => (
            <li key={index}>
              <VisibleText text={entry.name} />: <VisibleText text={entry.reason} multiline />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
