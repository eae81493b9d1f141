/**
 * One configured server: state, sign-in, what it runs or where it is, approval, its settings, retry,
 * disable, edit and remove (not for a stdio server in browser mode, which could not add it back).
 */
import { useId } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { ConfirmAction } from '../../components/ConfirmAction';
import { ErrorNotice } from '../../components/ErrorNotice';
import { VisibleText } from '../../components/VisibleText';
import { serverToDraft } from '../../lib/server-draft';
import { useRemoveServer } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { useAppStore } from '../../store/store-context';
import { selectOpenServerEditor } from '../../store/selectors';
import { ApprovalPanel } from './ApprovalPanel';
import { ServerActivity } from './console/ServerActivity';
import { HttpEndpoint } from './HttpEndpoint';
import { NotificationsSwitch } from './NotificationsSwitch';
import { ServerRunControls } from './ServerRunControls';
import { ServerStatus } from './ServerStatus';
import { SharedFolders } from './SharedFolders';
import { SignInPanel } from './SignInPanel';
import { StdioCommand } from './StdioCommand';
import { STDIO_REMOVE_LOCKED_NOTE } from './servers-copy';

const ORIGIN_LABELS: Record<ServerView['origin'], string> = {
  default: 'built in',
  user: 'added by you',
  import: 'imported',
  'config-file': 'from the config file',
  'command-line': 'from the command line',
};

export interface ServerCardProps {
  server: ServerView;
  canEditStdio: boolean;
  /** Another server is being edited (one form at a time). */
  isEditing: boolean;
}

/** A server's card in the list. */
export function ServerCard({ server, canEditStdio, isEditing }: ServerCardProps) {
  const openServerEditor = useAppStore(selectOpenServerEditor);
  const remove = useRemoveServer();
  const titleId = useId();
  const removeNoteId = useId();
  const isStdioLocked = server.transport === 'stdio' && !canEditStdio;
  return (
    <li className="server-card" data-testid="server-card" data-server-id={server.id}>
      <article aria-labelledby={titleId}>
        <header className="server-card__header">
          <h2 id={titleId} className="server-card__name">
            <VisibleText text={server.name} />
          </h2>
          <span className="tag">{server.transport === 'stdio' ? 'Command (stdio)' : 'HTTP'}</span>
          <span className="tag">{ORIGIN_LABELS[server.origin]}</span>
        </header>
        <ServerStatus server={server} />
        {server.transport === 'http' && <SignInPanel server={server} />}
        {server.replacedBy !== undefined && (
          <p className="notice notice--attention" data-testid="server-replaced">
            Server changed: its {server.transport === 'http' ? 'address' : 'command'} was changed while it had tasks, so the change was added as a new
            server. This entry is kept, disabled, for the tasks made here: they are never followed at the new endpoint.
          </p>
        )}
        {server.transport === 'stdio' ? <StdioCommand server={server} /> : <HttpEndpoint server={server} />}
        {server.transport === 'stdio' && !server.approved && <ApprovalPanel server={server} />}
        <SharedFolders server={server} />
        <NotificationsSwitch server={server} />
        <div className="server-card__actions">
          <ServerRunControls server={server} />
          <button
            type="button"
            className="button"
            onClick={() => openServerEditor(serverToDraft(server))}
            disabled={isStdioLocked || isEditing}
            aria-describedby={isStdioLocked ? 'stdio-locked-note' : undefined}
            data-testid="server-edit"
          >
            Edit
          </button>
          {isStdioLocked ? (
            <button type="button" className="button button--danger" disabled aria-describedby={removeNoteId} data-testid="server-remove">
              Remove
            </button>
          ) : (
            <ConfirmAction
              label="Remove"
              accessibleLabel="Remove this server"
              question="Remove this server? Its tasks stay in the inbox."
              confirmLabel="Remove"
              onConfirm={() => remove.mutate(server.id)}
              isPending={remove.isPending}
              testId="server-remove"
            />
          )}
        </div>
        {isStdioLocked && (
          <p id={removeNoteId} className="muted" data-testid="server-remove-locked">
            {STDIO_REMOVE_LOCKED_NOTE}
          </p>
        )}
        {remove.isError && <ErrorNotice title="Could not remove the server" message={errorMessage(remove.error)} />}
        <ServerActivity server={server} />
      </article>
    </li>
  );
}
