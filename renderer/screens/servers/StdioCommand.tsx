/**
 * Exactly what a stdio server runs: the command, each argument on its own line as it will be
 * passed (no shell, no quoting), the environment it adds and its working folder. Hidden
 * characters are shown, so what the user approves is what runs (SECURITY.md §3).
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';

/** The full command line of a stdio server. */
export function StdioCommand({ server }: { server: ServerView }) {
  const args = server.args ?? [];
  const env = Object.entries(server.env ?? {});
  return (
    <dl className="facts command">
      <dt>Command</dt>
      <dd>
        <code className="command__part" data-testid="server-command">
          <VisibleText text={server.command ?? ''} />
        </code>
      </dd>
      <dt>Arguments</dt>
      <dd>
        {args.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ol className="command__args" data-testid="server-args">
            {args.map((arg, index) => (
              <li key={index}>
                <code className="command__part" data-testid="server-arg">
                  <VisibleText text={arg} />
                </code>
              </li>
            ))}
          </ol>
        )}
      </dd>
      <dt>Environment</dt>
      <dd>
        {env.length === 0 ? (
          <span className="muted">No variables added</span>
        ) : (
          <ul className="command__env" data-testid="server-env">
            {env.map(([name, value]) => (
              <li key={name}>
                <code className="command__part">
                  <VisibleText text={name} />=<VisibleText text={value} />
                </code>
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Working folder</dt>
      <dd data-testid="server-cwd">
        {server.cwd !== undefined ? (
          <code className="command__part">
            <VisibleText text={server.cwd} />
          </code>
        ) : (
          <span className="muted">The app's default</span>
        )}
      </dd>
    </dl>
  );
}
