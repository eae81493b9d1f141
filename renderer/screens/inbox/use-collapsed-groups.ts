/** Which inbox groups are collapsed, remembered in localStorage so the choice survives a reload. */
import { useCallback, useState } from 'react';
import { TASK_GROUPS, type TaskGroup } from '../../../shared/inbox-order';

/** The localStorage key the collapsed groups are kept under. */
export const COLLAPSED_GROUPS_KEY = 'mcp-task-monitor.inbox.collapsed-groups';

function readCollapsed(): ReadonlySet<TaskGroup> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(COLLAPSED_GROUPS_KEY) ?? '[]');
    // Stored by an older or other version: keep only the groups this one knows.
    return new Set(Array.isArray(saved) ? TASK_GROUPS.filter((group) => saved.includes(group)) : []);
  } catch {
    // No storage (a locked-down profile) or a damaged entry: everything starts expanded.
    return new Set();
  }
}

function writeCollapsed(collapsed: ReadonlySet<TaskGroup>): void {
  try {
    localStorage.setItem(COLLAPSED_GROUPS_KEY, JSON.stringify([...collapsed]));
  } catch {
    // Not remembered across reloads; the list still collapses for this session.
  }
}

/** The collapsed groups and a stable toggle; the state is read once and written on each change. */
export function useCollapsedGroups(): { collapsed: ReadonlySet<TaskGroup>; toggle: (group: TaskGroup) => void } {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback((group: TaskGroup) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      writeCollapsed(next);
      return next;
    });
  }, []);
  return { collapsed, toggle };
}
