/**
 * The Tools tab of a server's detail: what the server says it offers (`tools/list`), each by name
 * with its title and description, all of it the server's own untrusted text.
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VisibleText } from '../../components/VisibleText';
import { errorMessage } from '../../queries/unwrap';
import { useToolList } from '../../queries/use-engine-data';

/** The tools of `server`, asked for when the tab opens. */
export function ServerTools({ server }: { server: ServerView }) {
  // A disabled server is not run, so there is nobody to ask.
  const tools = useToolList(server.disabled ? '' : server.id);
  if (server.disabled) return <p className="muted">This server is disabled: enable it to see its tools.</p>;
  if (tools.isPending) return <p role="status">Loading tools…</p>;
  if (tools.isError) return <ErrorNotice title="Could not list the tools" message={errorMessage(tools.error)} onRetry={() => void tools.refetch()} testId="server-tools-error" />;
  if (tools.data.length === 0) return <p className="muted" data-testid="server-tools-none">This server offers no tools.</p>;
  return (
    <ul className="server-tools" aria-label={`Tools of ${server.name}`} data-testid="server-tools">
      {tools.data.map((tool) => (
        <li key={tool.name} className="server-tools__tool" data-testid="server-tool">
          <code className="server-tools__name">
            <VisibleText text={tool.name} />
          </code>
          {tool.title !== undefined && (
            <span className="server-tools__title">
              <VisibleText text={tool.title} />
            </span>
          )}
          {tool.description !== undefined && (
            <p className="server-tools__description muted">
              <VisibleText text={tool.description} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
