/** Search and filters above the task list, and how many tasks they let through. */
import { useId } from 'react';
import type { StatusFilter, TaskFilter } from '../../lib/task-list';
import { STATUS_LABELS } from '../../../shared/messages/status-messages';
import { TASK_STATUS_KINDS } from '../../../shared/task-status';
import { toVisibleString } from '../../lib/visible-text';
import { useAppStore } from '../../store/store-context';
import { selectSetSearchText, selectSetServerFilter, selectSetStatusFilter } from '../../store/selectors';
import type { ServerOption } from './use-inbox';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'ended', label: 'Ended' },
  ...TASK_STATUS_KINDS.map((kind) => ({ value: kind, label: STATUS_LABELS[kind] })),
];

const isStatusFilter = (value: string): value is StatusFilter => STATUS_OPTIONS.some((option) => option.value === value);

export interface InboxToolbarProps {
  filter: TaskFilter;
  serverOptions: readonly ServerOption[];
  shown: number;
  total: number;
}

/** The inbox's search field, status and server filters, and count. */
export function InboxToolbar({ filter, serverOptions, shown, total }: InboxToolbarProps) {
  const id = useId();
  const setSearchText = useAppStore(selectSetSearchText);
  const setStatusFilter = useAppStore(selectSetStatusFilter);
  const setServerFilter = useAppStore(selectSetServerFilter);
  return (
    <div className="inbox-toolbar">
      <div role="search" className="inbox-toolbar__search">
        <label htmlFor={`${id}-search`}>Search tasks</label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          value={filter.search}
          placeholder="Tool, server, status, message or task id"
          onChange={(event) => setSearchText(event.target.value)}
          data-testid="inbox-search"
        />
      </div>
      <div className="field field--inline">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className="input"
          value={filter.status}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) setStatusFilter(event.target.value);
          }}
          data-testid="inbox-status-filter"
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--inline">
        <label htmlFor={`${id}-server`}>Server</label>
        <select id={`${id}-server`} className="input" value={filter.serverId} onChange={(event) => setServerFilter(event.target.value)} data-testid="inbox-server-filter">
          <option value="">All servers</option>
          {serverOptions.map((server) => (
            <option key={server.id} value={server.id}>
              {toVisibleString(server.name)}
              {server.status !== undefined ? ` (${server.status})` : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="inbox-toolbar__count" role="status" data-testid="inbox-count">
        {shown === total ? `${total} ${total === 1 ? 'task' : 'tasks'}` : `Showing ${shown} of ${total} tasks`}
      </p>
    </div>
  );
}
