/**
 * The header row of one inbox group: its name and count, a toggle that collapses it, and for
 * Finished the removals ("Remove selected (n)", "Clear finished" after a confirmation).
 */
import { memo } from 'react';
import { ConfirmAction } from '../../components/ConfirmAction';
import type { TaskGroup } from '../../../shared/inbox-order';
import { TASK_GROUP_LABELS } from '../../lib/task-list';
import { TASK_GROUP_HEADER_HEIGHT } from './row-metrics';

/** What the Finished header can do with its tasks. */
export interface FinishedActions {
  selectedCount: number;
  isRemoving: boolean;
  onRemoveSelected: () => void;
  onClearFinished: () => void;
}

export interface GroupHeaderProps {
  group: TaskGroup;
  count: number;
  isCollapsed: boolean;
  /** Position in the list's items (keyboard movement finds rows by it). */
  index: number;
  offset: number;
  /** Whether this header's toggle is the list's one Tab stop (roving tabindex). */
  isTabStop: boolean;
  onToggle: (group: TaskGroup) => void;
  /** Only for the Finished group. */
  finished?: FinishedActions | undefined;
}

/** One group's header row. */
export const GroupHeader = memo(function GroupHeader({ group, count, isCollapsed, index, offset, isTabStop, onToggle, finished }: GroupHeaderProps) {
  const label = TASK_GROUP_LABELS[group];
  return (
    <div
      role="listitem"
      className="task-group-header"
      style={{ transform: `translateY(${offset}px)`, height: TASK_GROUP_HEADER_HEIGHT }}
      data-index={index}
      data-testid="task-group-header"
      data-group={group}
    >
      <button
        type="button"
        className="task-group-header__toggle"
        aria-expanded={!isCollapsed}
        tabIndex={isTabStop ? 0 : -1}
        onClick={() => onToggle(group)}
        data-testid="task-group-toggle"
      >
        <span aria-hidden="true" className="task-group-header__chevron">{isCollapsed ? '▸' : '▾'}</span>
        <span className="task-group-header__name">{label}</span>
        <span className="task-group-header__count" data-testid="task-group-count">{count}</span>
      </button>
      {finished !== undefined && (
        <span className="task-group-header__actions">
          {finished.selectedCount > 0 && (
            <button type="button" className="button button--danger" onClick={finished.onRemoveSelected} disabled={finished.isRemoving} data-testid="inbox-remove-selected">
              Remove selected ({finished.selectedCount})
            </button>
          )}
          <ConfirmAction
            label="Clear finished"
            question={`Remove ${count === 1 ? 'the finished task' : `all ${count} finished tasks`} from the inbox?`}
            confirmLabel="Clear"
            onConfirm={finished.onClearFinished}
            isPending={finished.isRemoving}
            testId="inbox-clear-finished"
          />
        </span>
      )}
    </div>
  );
});
