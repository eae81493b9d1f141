/**
 * Exactly what a stdio server runs: the command, its arguments on one wrapped line, each in its
 * own box as it will be passed (no shell, no quoting, blanks kept), the names of the variables it
 * adds (their values are secrets and stay on the host) and its working folder. Hidden characters
 * are shown, so what the user approves is what runs
 * (docs/security.md#running-servers-stdio-is-code-execution). Variables whose saved values were
 * lost (a reset keychain, browser mode) are named: the server does not run without them.
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import { HIDDEN_VALUE } from './servers-copy';

/** The full command line of a stdio server. */
export function StdioCommand({ server }: { server: ServerView }) {
  const args = server.args ?? [];
  const envNames = server.envNames ?? [];
  const lost = server.lostEnvNames ?? [];
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
          <ol className="command__args" aria-label="Arguments, in order" data-testid="server-args">
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
        {envNames.length === 0 ? (
          <span className="muted">No variables added</span>
        ) : (
          <ul className="command__env" data-testid="server-env">
            {envNames.map((name) => (
              <li key={name}>
                <code className="command__part">
                  <VisibleText text={name} />
                </code>{' '}
                <span className="muted">{HIDDEN_VALUE}</span>
              </li>
            ))}
          </ul>
        )}
        {lost.length > 0 && (
          <p className="notice notice--attention" data-testid="server-env-lost">
            Lost values:{' '}
            {lost.map((name, index) => (
              <span key={name}>
                {index > 0 && ', '}
                <VisibleText className="code" text={name} />
              </span>
            ))}
            . Their saved values cannot be read here, so this server does not run. Enter them again in the desktop app (Edit, one
            NAME=value line each); an edit that changes the command without them drops them. Browser mode runs commands only from
            --config or --server.
          </p>
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
