/**
 * The task list, grouped (Needs you / Running / Finished, each under a header with its count)
 * and virtualized: only the rows in view (plus a few) exist in the DOM, so 10,000 tasks scroll
 * as smoothly as ten. Headers and rows are the virtualizer's items; each kind has a fixed
 * height, which keeps positions exact without measuring. Arrow keys, Home and End move between
 * items, scrolling as needed.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { useNow } from '../../hooks/use-now';
import { groupTasks, taskListItems, type TaskListItem } from '../../lib/task-list';
import { GroupHeader } from './GroupHeader';
import { TASK_GROUP_HEADER_HEIGHT, TASK_ROW_HEIGHT } from './row-metrics';
import { TaskRow } from './TaskRow';
import { useCollapsedGroups } from './use-collapsed-groups';
import { useFinishedRemoval } from './use-finished-removal';
import { useRowKeyboard } from './use-row-keyboard';

/** Rows rendered beyond the visible ones, so fast scrolling shows no blank rows. */
const OVERSCAN = 8;

export interface TaskListProps {
  /** The tasks to show, newest change first. */
  tasks: readonly TaskSummary[];
  /** Tasks with a question that waits for the user's answer (they belong under "Needs you"). */
  waitingTaskIds: ReadonlySet<string>;
  serverNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

const itemHeight = (item: TaskListItem | undefined): number => (item?.kind === 'header' ? TASK_GROUP_HEADER_HEIGHT : TASK_ROW_HEIGHT);

/** The scrollable, grouped, virtualized list of tasks. */
export function TaskList({ tasks, waitingTaskIds, serverNames, onOpen }: TaskListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { collapsed, toggle } = useCollapsedGroups();
  const groups = useMemo(() => groupTasks(tasks, waitingTaskIds), [tasks, waitingTaskIds]);
  const items = useMemo(() => taskListItems(groups, collapsed), [groups, collapsed]);
  const finished = groups.find(({ group }) => group === 'finished')?.tasks ?? NO_TASKS;
  const removal = useFinishedRemoval(finished);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    // A stable function: the virtualizer rebuilds its measurement of every item (10,000)
    // whenever it changes, and one closing over `items` would change on every pushed update.
    estimateSize: (index) => itemHeight(itemsRef.current[index]),
    overscan: OVERSCAN,
    // No `getItemKey`, for the same reason; React keys the rows by task id below.
  });
  // Sizes are cached by index: when a header lands at another index (a task changed group, a
  // group was collapsed) without the count changing, they are recomputed once.
  const headerPlaces = useMemo(() => items.flatMap((item, index) => (item.kind === 'header' ? [index] : [])).join(','), [items]);
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [headerPlaces, virtualizer]);
  const onKeyDown = useRowKeyboard(virtualizer, items.length, listRef);
  const now = useNow();
  const finishedActions = {
    selectedCount: removal.selected.size,
    isRemoving: removal.isRemoving,
    onRemoveSelected: () => void removal.removeSelected(),
    onClearFinished: () => void removal.clearFinished(),
  };

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
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index];
          if (item === undefined) return null;
          if (item.kind === 'header') {
            return (
              <GroupHeader
                key={`group:${item.group}`}
                group={item.group}
                count={item.count}
                isCollapsed={item.isCollapsed}
                index={virtual.index}
                offset={virtual.start}
                onToggle={toggle}
                finished={item.group === 'finished' ? finishedActions : undefined}
              />
            );
          }
          const { task } = item;
          const isFinished = item.group === 'finished';
          return (
            <TaskRow
              key={task.id}
              task={task}
              serverName={serverNames.get(task.serverId) ?? task.serverId}
              now={now}
              index={virtual.index}
              setSize={items.length}
              offset={virtual.start}
              onOpen={onOpen}
              isSelected={isFinished ? removal.selected.has(task.id) : undefined}
              onToggleSelected={isFinished ? removal.toggle : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}

const NO_TASKS: readonly TaskSummary[] = [];
