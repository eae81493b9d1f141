/**
 * The task list, grouped (Needs you / Running / Finished, each under a header with its count)
 * and windowed: only the rows in view (plus a few) exist in the DOM, so 10,000 tasks scroll
 * as smoothly as ten. Headers and rows are the window's items; each kind has a fixed height,
 * which keeps positions exact without measuring (lib/list-window.ts). The list is one Tab stop (a roving
 * tabindex): arrow keys, Home and End move between items, scrolling as needed, and j/k do the
 * same from anywhere on the page.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { GroupedTasks } from '../../../shared/inbox-groups';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { commandForKey } from '../../app/key-map';
import { useListWindow } from '../../hooks/use-list-window';
import { useNow } from '../../hooks/use-now';
import { taskListItemKey, taskListItems, type TaskListItems } from '../../lib/task-list';
import { GroupHeader } from './GroupHeader';
import { TASK_GROUP_HEADER_HEIGHT, TASK_ROW_HEIGHT } from './row-metrics';
import { TaskRow } from './TaskRow';
import { useCollapsedGroups } from './use-collapsed-groups';
import { useFinishedRemoval } from './use-finished-removal';
import { useRowKeyboard } from './use-row-keyboard';

/** Rows rendered beyond the visible ones, so fast scrolling shows no blank rows. */
const OVERSCAN = 8;

export interface TaskListProps {
  /**
   * The tasks to show by group (shared/inbox-groups.ts), in the list's order. A group with a
   * `count` beyond its tasks (the first screen, painted from `tasks:head` before the whole list
   * arrived) shows placeholder rows for the rest, and its finished tasks cannot be cleared yet.
   */
  groups: readonly GroupedTasks[];
  serverNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  /** The task open in the detail, marked in its row; the list's Tab stop until another row has focus. */
  selectedTaskId?: string | null;
}

/** The scrollable, grouped, windowed list of tasks. */
export function TaskList({ groups, serverNames, onOpen, selectedTaskId = null }: TaskListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { collapsed, toggle } = useCollapsedGroups();
  const items = useMemo(() => taskListItems(groups, collapsed), [groups, collapsed]);
  const finishedGroup = groups.find(({ group }) => group === 'finished');
  const finished = finishedGroup?.tasks ?? NO_TASKS;
  // Clearing acts on every finished task: not before the list holds them all.
  const isFinishedComplete = finishedGroup?.count === undefined || finishedGroup.count === finished.length;
  const removal = useFinishedRemoval(finished);
  // Headers sit at a few known places; every other item is a task row.
  const layout = useMemo(
    () => ({ count: items.count, itemSize: TASK_ROW_HEIGHT, specialSize: TASK_GROUP_HEADER_HEIGHT, specialPlaces: items.headerPlaces }),
    [items],
  );
  const listWindow = useListWindow(scrollRef, layout, OVERSCAN);
  const keyboard = useRowKeyboard(listWindow.scrollToIndex, items.count, listRef);
  const now = useNow();
  const activeIndex = useActiveIndex(items, selectedTaskId);
  useListShortcuts(activeIndex.index, items.count, keyboard.moveTo);
  const rendered = listWindow.items;
  // Scrolled away from the active item (not rendered), the list keeps a Tab stop on one in view.
  const tabStop = rendered.some((shown) => shown.index === activeIndex.index) ? activeIndex.index : rendered[0]?.index;
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
        style={{ height: listWindow.totalSize }}
        onKeyDown={keyboard.onKeyDown}
        onFocus={(event) => activeIndex.onFocus(event, items)}
      >
        {rendered.map((shown) => {
          const item = items.at(shown.index);
          if (item === undefined) return null;
          if (item.kind === 'header') {
            return (
              <GroupHeader
                key={taskListItemKey(item)}
                group={item.group}
                count={item.count}
                isCollapsed={item.isCollapsed}
                index={shown.index}
                offset={shown.start}
                isTabStop={shown.index === tabStop}
                onToggle={toggle}
                finished={item.group === 'finished' && isFinishedComplete ? finishedActions : undefined}
              />
            );
          }
          if (item.kind === 'placeholder') return <TaskRowPlaceholder key={taskListItemKey(item)} offset={shown.start} />;
          const { task } = item;
          const isFinished = item.group === 'finished';
          return (
            <TaskRow
              key={taskListItemKey(item)}
              task={task}
              serverName={serverNames.get(task.serverId) ?? task.serverId}
              now={now}
              index={shown.index}
              setSize={items.count}
              offset={shown.start}
              isTabStop={shown.index === tabStop}
              isSelected={task.localId === selectedTaskId}
              onOpen={onOpen}
              isTicked={isFinished ? removal.selected.has(task.localId) : undefined}
              onToggleTicked={isFinished ? removal.toggle : undefined}
            />
          );
        })}
      </div>
    </div>
  );
}

const NO_TASKS: readonly TaskSummary[] = [];

/** The place of a task not received yet: an empty row of the row's height, for the moment until the whole list is in. */
function TaskRowPlaceholder({ offset }: { offset: number }) {
  return <div className="task-row task-row--placeholder" aria-hidden="true" style={{ transform: `translateY(${offset}px)`, height: TASK_ROW_HEIGHT }} data-testid="task-row-placeholder" />;
}

/**
 * The item that holds the list's Tab stop: the last one focused, else the open task's row, else
 * the first task's row (a header only when no group is open). Kept by key, so it stays on its
 * task while updates move it in the list.
 */
function useActiveIndex(items: TaskListItems, selectedTaskId: string | null) {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const indexOf = (key: string | null) => (key === null ? -1 : items.indexOfKey(key));
  const focused = indexOf(focusedKey);
  const selected = focused === -1 ? indexOf(selectedTaskId) : -1;
  const index = focused !== -1 ? focused : selected !== -1 ? selected : Math.max(0, items.firstTaskIndex);
  const onFocus = (event: FocusEvent<HTMLDivElement>, current: TaskListItems) => {
    const item = current.at(Number(event.target.closest<HTMLElement>('[data-index]')?.dataset.index));
    if (item !== undefined) setFocusedKey(taskListItemKey(item));
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
      const isInList = (document.activeElement?.closest('[data-testid="task-row"], [data-testid="task-group-header"]') ?? null) !== null;
      // From outside the list the first press lands on the Tab stop itself.
      const step = isInList ? (command === 'next' ? 1 : -1) : 0;
      move(Math.min(rows - 1, Math.max(0, from + step)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
