/** A task's state as a coloured badge with its word (colour is never the only signal). */
import { STATUS_LABELS } from '../../shared/messages/status-messages';
import type { TaskStatusKind } from '../../shared/task-status';

/** The badge for one state. */
export function StatusBadge({ kind }: { kind: TaskStatusKind }) {
  return (
    <span className={`badge badge--${kind}`} data-testid="status-badge" data-status={kind}>
      {STATUS_LABELS[kind]}
    </span>
  );
}
