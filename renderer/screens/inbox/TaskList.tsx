/**
 * The task list, virtualized: only the rows in view (plus a few) exist in the DOM, so 10,000
 * tasks scroll as smoothly as ten. Rows have a fixed height, which keeps positions exact
 * without measuring. The list is one Tab stop (a roving tabindex): arrow keys, Home and End move
 * between rows, scrolling as needed, and j/k do the same from anywhere on the page.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { commandForKey } from '../../app/key-map';
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
  /** The task open in the detail, marked in its row; the list's Tab stop until another row has focus. */
  selectedTaskId?: string | null;
}

/** The scrollable, virtualized list of tasks. */
export function TaskList({ tasks, serverNames, onOpen, selectedTaskId = null }: TaskListProps) {
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
  const keyboard = useRowKeyboard(virtualizer, tasks.length, listRef);
  const now = useNow();
  const activeIndex = useActiveIndex(tasks, selectedTaskId);
  useListShortcuts(activeIndex.index, tasks.length, keyboard.moveTo);
  const items = virtualizer.getVirtualItems();
  // Scrolled away from the active row (not rendered), the list keeps a Tab stop on a row in view.
  const tabStop = items.some((item) => item.index === activeIndex.index) ? activeIndex.index : items[0]?.index;

  return (
    <div ref={scrollRef} className="task-list" data-testid="task-list">
      <div
        ref={listRef}
        role="list"
        aria-label="Tasks"
        className="task-list__canvas"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={keyboard.onKeyDown}
        onFocus={activeIndex.onFocus}
      >
        {items.map((item) => {
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
              isTabStop={item.index === tabStop}
              isSelected={task.id === selectedTaskId}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * The row that holds the list's Tab stop: the last one focused, else the open task's, else the
 * first. Kept by task id, so it stays on its task while updates reorder the list.
 */
function useActiveIndex(tasks: readonly TaskSummary[], selectedTaskId: string | null) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const indexOf = (id: string | null) => (id === null ? -1 : tasks.findIndex((task) => task.id === id));
  const focused = indexOf(focusedId);
  const selected = focused === -1 ? indexOf(selectedTaskId) : -1;
  const index = focused !== -1 ? focused : Math.max(0, selected);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = event.target.closest<HTMLElement>('[data-task-id]')?.dataset.taskId;
    if (id !== undefined) setFocusedId(id);
  };
  return { index, onFocus };
}

/** j and k move from the list's Tab stop wherever focus is (but never while typing). */
function useListShortcuts(activeIndex: number, count: number, moveTo: (index: number) => void): void {
  // The latest values, read by one listener that stays for the list's life.
  const latest = useRef({ activeIndex, count, moveTo });
  useLayoutEffect(() => {
    latest.current = { activeIndex, count, moveTo };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event);
      if ((command !== 'next' && command !== 'previous') || event.defaultPrevented || document.querySelector('dialog[open]') !== null) return;
      const { activeIndex: from, count: rows, moveTo: move } = latest.current;
      if (rows === 0) return;
      event.preventDefault();
      const isOnRow = (document.activeElement?.closest('[data-testid="task-row"]') ?? null) !== null;
      // From outside the list the first press lands on the Tab stop itself.
      const step = isOnRow ? (command === 'next' ? 1 : -1) : 0;
      move(Math.min(rows - 1, Math.max(0, from + step)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
