/**
 * What the host pushes, held outside the query cache: the task list, the servers, the questions
 * waiting and the app's info (docs/architecture.md#renderer-state). Each is read once per link to
 * the host and then kept current by the host's events; TanStack Query serves only what is read on
 * demand (a task's detail and result, tools, logs), so the inbox's first paint does not carry it.
 *
 * The store holds data only; the writers below are the one way to change it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, PendingInputView, ServerView, TaskGroupHead, TaskSummary } from '../../shared/ipc/contract';
import { inListOrder } from '../../shared/inbox-order';
import { applyTaskUpdates, removeTasks } from '../lib/task-list';

/** One pushed collection: its data once read, and the error of the last read that failed. */
export interface Pushed<T> {
  data: T | undefined;
  error: Error | undefined;
}

export interface LiveState {
  /**
   * Every tracked task, in the inbox's order (shared/inbox-order.ts: the order grouping and the
   * merge rely on). The host answers in that order; the list is shown as it came and checked
   * once it is painted (`keepTasksInListOrder`).
   */
  tasks: Pushed<readonly TaskSummary[]>;
  servers: Pushed<readonly ServerView[]>;
  inputs: Pushed<readonly PendingInputView[]>;
  appInfo: Pushed<AppInfo>;
  /**
   * The first rows of each inbox group (`tasks:head`), read before the whole list so the inbox's
   * first screen is painted without waiting for 10,000 tasks to cross; shown only until `tasks`
   * is read (and then dropped). It is not kept current: for that short while it is what it was.
   */
  taskHead: readonly TaskGroupHead[] | undefined;
}

/** The name of one pushed collection. */
export type PushedKey = Exclude<keyof LiveState, 'taskHead'>;

export type LiveStore = StoreApi<LiveState>;

const UNREAD = { data: undefined, error: undefined };

/** A store with nothing read yet. */
export function createLiveStore(): LiveStore {
  return createStore<LiveState>(() => ({ tasks: UNREAD, servers: UNREAD, inputs: UNREAD, appInfo: UNREAD, taskHead: undefined }));
}

/** Sets a collection as the host answered or pushed it whole (the task list also drops the head it replaces). */
export function setPushed<K extends PushedKey>(store: LiveStore, key: K, data: NonNullable<LiveState[K]['data']>): void {
  store.setState({ [key]: { data, error: undefined }, ...(key === 'tasks' ? { taskHead: undefined } : {}) } as Partial<LiveState>);
}

/** Keeps the first rows of the inbox's groups, unless the whole list is already read. */
export function setTaskHead(store: LiveStore, head: readonly TaskGroupHead[]): void {
  if (store.getState().tasks.data === undefined) store.setState({ taskHead: head });
}

/** Records a failed read; the data read before (if any) stays on show. */
export function setPushedError(store: LiveStore, key: PushedKey, error: Error): void {
  store.setState((state) => ({ [key]: { data: state[key].data, error } }));
}

/**
 * Changes a collection already read. Before the first read has answered there is nothing to
 * change: that answer already includes the change. `change` returning its argument changes nothing.
 */
function updatePushed<K extends PushedKey>(store: LiveStore, key: K, change: (data: NonNullable<LiveState[K]['data']>) => NonNullable<LiveState[K]['data']>): void {
  const current = store.getState()[key];
  if (current.data === undefined) return;
  const next = change(current.data);
  if (next !== current.data) store.setState({ [key]: { ...current, data: next } } as Pick<LiveState, K>);
}

/** Merges pushed summaries into the task list, never rolling a task back (`applyTaskUpdates`). */
export function mergeTasks(store: LiveStore, tasks: readonly TaskSummary[]): void {
  if (tasks.length > 0) updatePushed(store, 'tasks', (list) => applyTaskUpdates(list, tasks));
}

/** Puts the task list in the inbox's order if it is not (a host that sent it unsorted); the same list when it is. */
export function keepTasksInListOrder(store: LiveStore): void {
  updatePushed(store, 'tasks', inListOrder);
}

/** Drops removed tasks from the list. */
export function dropTasks(store: LiveStore, ids: readonly string[]): void {
  if (ids.length > 0) updatePushed(store, 'tasks', (list) => removeTasks(list, ids));
}

/**
 * Shows a cancel the host accepted at once, before the host's own update arrives. `updatedAt` is
 * left alone so the host's next summary (which carries its own `cancelRequestedAt`) still wins.
 */
export function markCancelRequested(store: LiveStore, id: string, at: number): void {
  updatePushed(store, 'tasks', (list) => {
    const index = list.findIndex((task) => task.localId === id);
    const task = list[index];
    if (task === undefined || task.cancelRequestedAt !== undefined) return list;
    const next = [...list];
    next[index] = { ...task, cancelRequestedAt: at };
    return next;
  });
}

/** Takes questions off the queue (the host took their answers). */
export function dropInputs(store: LiveStore, isGone: (input: PendingInputView) => boolean): void {
  updatePushed(store, 'inputs', (inputs) => (inputs.some(isGone) ? inputs.filter((input) => !isGone(input)) : inputs));
}
