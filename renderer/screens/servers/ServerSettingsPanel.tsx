/**
 * The Settings tab of a server's detail: state, sign-in, what it runs or where it is, approval,
 * notifications, retry, disable, edit (the form opens here, in place of what it edits) and remove
 * (not for a stdio server in browser mode, which could not add it back).
 */
import { useId } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { ConfirmAction } from '../../components/ConfirmAction';
import { ErrorNotice } from '../../components/ErrorNotice';
import { serverToDraft, type ServerDraft } from '../../lib/server-draft';
import { useRemoveServer } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';
import { useAppStore } from '../../store/store-context';
import { selectOpenServerEditor } from '../../store/selectors';
import { ApprovalPanel } from './ApprovalPanel';
import { HttpEndpoint } from './HttpEndpoint';
import { NotificationsSwitch } from './NotificationsSwitch';
import { ServerEditor } from './ServerEditor';
import { ServerRunControls } from './ServerRunControls';
import { ServerStatus } from './ServerStatus';
import { SignInPanel } from './SignInPanel';
import { StdioCommand } from './StdioCommand';
import { STDIO_REMOVE_LOCKED_NOTE } from './servers-copy';

export interface ServerSettingsPanelProps {
  server: ServerView;
  canEditStdio: boolean;
  /** Header values typed in the edit form last for this session only (browser mode). */
  isSessionOnly: boolean;
  /** The open add/edit form's draft, if any: one form at a time, so Edit waits while one is open. */
  draft: ServerDraft | null;
}

/** A server's settings and controls; its edit form instead while that is open. */
export function ServerSettingsPanel({ server, canEditStdio, isSessionOnly, draft }: ServerSettingsPanelProps) {
  const openServerEditor = useAppStore(selectOpenServerEditor);
  const remove = useRemoveServer();
  const removeNoteId = useId();
  const isStdioLocked = server.transport === 'stdio' && !canEditStdio;
  if (draft?.id === server.id) return <ServerEditor draft={draft} canEditStdio={canEditStdio} isSessionOnly={isSessionOnly} />;
  return (
    <div className="server-settings-panel">
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
      <NotificationsSwitch server={server} />
      <div className="server-detail__actions">
        <ServerRunControls server={server} />
        <button
          type="button"
          className="button"
          onClick={() => openServerEditor(serverToDraft(server))}
          disabled={isStdioLocked || draft !== null}
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
    </div>
  );
}
