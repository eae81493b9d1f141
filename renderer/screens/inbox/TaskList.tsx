/**
 * The task list, virtualized: only the rows in view (plus a few) exist in the DOM, so 10,000
 * tasks scroll as smoothly as ten. Rows have a fixed height, which keeps positions exact
 * without measuring. Arrow keys, Home and End move between rows, scrolling as needed.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { useNow } from '../../hooks/use-now';
import { TASK_ROW_HEIGHT } from './row-metrics';
import { TaskRow } from './TaskRow';
import { useRowKeyboard } from './use-row-keyboard';

/** Rows rendered beyond the visible ones, so fast scrolling shows no blank rows. */
const OVERSCAN = 8;

export interface TaskListProps {
  tasks: readonly TaskSummary[];
  serverNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/** The scrollable, virtualized list of tasks. */
export function TaskList({ tasks, serverNames, onOpen }: TaskListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TASK_ROW_HEIGHT,
    overscan: OVERSCAN,
    // No `getItemKey`: the virtualizer rebuilds its measurement of every row (10,000) whenever
    // that function changes, and one depending on `tasks` changes on every pushed update. Rows
    // have a fixed height, so nothing is measured by key; React keys the rows by task id below.
  });
  const onKeyDown = useRowKeyboard(virtualizer, tasks.length, listRef);
  const now = useNow();

  return (
    <div ref={scrollRef} className="task-list" data-testid="task-list">
      <div
        ref={listRef}
        role="list"
        aria-label="Tasks"
        className="task-list__canvas"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const task = tasks[item.index];
          if (task === undefined) return null;
          return (
            <TaskRow
              key={task.id}
              task={task}
              serverName={serverNames.get(task.serverId) ?? task.serverId}
              now={now}
              index={item.index}
              setSize={tasks.length}
              offset={item.start}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}
