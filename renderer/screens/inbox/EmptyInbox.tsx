/** What a new user sees before any task exists: what the inbox is for, and what to do next. */

export interface EmptyInboxProps {
  onRunTool: () => void;
  onOpenServers: () => void;
}

/** The empty inbox. */
export function EmptyInbox({ onRunTool, onOpenServers }: EmptyInboxProps) {
  return (
    <div className="empty-inbox" data-testid="inbox-empty">
      <h2>No tasks yet</h2>
      <p>
        When you run a tool that takes a while, the server answers with a task. Every task appears here, across all your servers,
        and stays here across restarts until you remove it.
      </p>
      <p>
        To try it, run the <code>build</code> tool on one of the demo servers that come with the app (one speaks the 2026-07-28 tasks
        extension, the other the 2025-11-25 experimental tasks). Or add your own server first.
      </p>
      <div className="empty-inbox__actions">
        <button type="button" className="button button--primary" onClick={onRunTool} data-testid="empty-run-tool">
          Run a tool
        </button>
        <button type="button" className="button" onClick={onOpenServers} data-testid="empty-open-servers">
          Manage servers
        </button>
      </div>
    </div>
  );
}
