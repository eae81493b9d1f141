/**
 * Approval of a stdio command. Nothing runs before the user has seen the full command and
 * approved it (docs/security.md#running-servers-stdio-is-code-execution); the approval names the
 * digest of what was shown, so if the entry changed meanwhile the host refuses it and the user sees
 * the new command.
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useApproveServer } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';

/** The "not approved" notice with its Approve and run button. */
export function ApprovalPanel({ server }: { server: ServerView }) {
  const approve = useApproveServer();
  // The host refuses too: approving would run an environment without the lost variables.
  const hasLostEnv = (server.lostEnvNames ?? []).length > 0;
  return (
    <div className="notice notice--attention approval" role="group" aria-label="Approval needed" data-testid="server-approval">
      <p>
        <strong>Not approved: this command has not run.</strong> Starting this server runs the program above with your permissions.
        Check the command, every argument, the environment variables (their values stay hidden: they are the ones entered) and the folder. Approval covers exactly what is shown (digest{' '}
        <code data-testid="server-approval-digest">{server.approvalDigest}</code>); any change asks again.
        {hasLostEnv && ' First enter the lost environment values again (Edit).'}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => approve.mutate({ id: server.id, approvalDigest: server.approvalDigest })}
        disabled={approve.isPending || hasLostEnv}
        data-testid="server-approve"
      >
        {approve.isPending ? 'Approving…' : 'Approve and run'}
      </button>
      {approve.isError && <ErrorNotice title="Could not approve" message={errorMessage(approve.error)} testId="server-approve-error" />}
    </div>
  );
}
