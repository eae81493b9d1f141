/**
 * The registry: the source of truth for what the app monitors (the extension has no
 * `tasks/list`, so a task id we lose is a task we can never find again). Holds every tracked
 * task in memory, indexes them by server task id, and persists through the `TaskStore` with
 * coalesced writes: a burst of updates within `PERSIST_DELAY_MS` is one save of the changed
 * tasks only.
 */
import type { TrackedTask } from '../../../shared/task-model.js';
import type { Clock, Logger, TaskStore, TimerHandle } from '../ports.js';

/** How long updates gather before they are written together. */
export const PERSIST_DELAY_MS = 500;

/** The in-memory task set with coalesced persistence. */
export class TaskRegistry {
  private readonly tasks = new Map<string, TrackedTask>();
  private readonly byServerTaskId = new Map<string, string>();
  private timer: TimerHandle | undefined;
  /** Ids changed (present) or removed (absent from `tasks`) since the last save. */
  private readonly dirty = new Set<string>();
  private saving: Promise<void> | undefined;

  constructor(
    private readonly store: TaskStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Loads the persisted tasks; returns the store's problems (corrupt files, bad records). */
  async load(): Promise<{ tasks: TrackedTask[]; problems: string[] }> {
    const loaded = await this.store.load();
    for (const task of loaded.tasks) this.index(task);
    return loaded;
  }

  /** Every tracked task (insertion order). */
  all(): TrackedTask[] {
    return [...this.tasks.values()];
  }

  get(id: string): TrackedTask | undefined {
    return this.tasks.get(id);
  }

  /** The local task for a server's task id, if tracked. */
  findByServerTaskId(serverId: string, taskId: string): TrackedTask | undefined {
    const id = this.byServerTaskId.get(indexKey(serverId, taskId));
    return id === undefined ? undefined : this.tasks.get(id);
  }

  /** Stores `task` (replacing the one with its id) and schedules a write. */
  put(task: TrackedTask): void {
    const previous = this.tasks.get(task.id);
    if (previous?.taskId !== undefined && previous.taskId !== task.taskId) {
      this.byServerTaskId.delete(indexKey(previous.serverId, previous.taskId));
    }
    this.index(task);
    this.markDirty(task.id);
  }

  /** Stores `task` and resolves once it is on disk (used before a `tools/call` is sent). */
  async putDurably(task: TrackedTask): Promise<void> {
    this.put(task);
    await this.flush();
  }

  /** Forgets a task; returns it when it existed. */
  remove(id: string): TrackedTask | undefined {
    const task = this.tasks.get(id);
    if (task === undefined) return undefined;
    this.tasks.delete(id);
    if (task.taskId !== undefined) this.byServerTaskId.delete(indexKey(task.serverId, task.taskId));
    this.markDirty(id);
    return task;
  }

  /** Writes pending changes now; resolves when the store holds everything put so far. */
  async flush(): Promise<void> {
    this.timer?.cancel();
    this.timer = undefined;
    while (this.saving !== undefined) await this.saving;
    if (this.dirty.size === 0) return;
    const ids = [...this.dirty];
    this.dirty.clear();
    const upserts: TrackedTask[] = [];
    const removals: string[] = [];
    for (const id of ids) {
      const task = this.tasks.get(id);
      if (task === undefined) removals.push(id);
      else upserts.push(task);
    }
    this.saving = this.store.save({ upserts, removals }).catch((error: unknown) => {
      // Keep them dirty: the next save retries (newer versions of these tasks win).
      for (const id of ids) this.dirty.add(id);
      this.logger.error('saving tasks failed', { error: error instanceof Error ? error.message : String(error) });
    }).finally(() => {
      this.saving = undefined;
    });
    await this.saving;
  }

  /** Writes what is pending and stops the write timer. */
  async dispose(): Promise<void> {
    await this.flush();
    this.timer?.cancel();
    this.timer = undefined;
  }

  private index(task: TrackedTask): void {
    this.tasks.set(task.id, task);
    if (task.taskId !== undefined) this.byServerTaskId.set(indexKey(task.serverId, task.taskId), task.id);
  }

  private markDirty(id: string): void {
    this.dirty.add(id);
    if (this.timer !== undefined) return;
    this.timer = this.clock.setTimer(PERSIST_DELAY_MS, () => {
      this.timer = undefined;
      void this.flush();
    });
  }
}

function indexKey(serverId: string, taskId: string): string {
  return `${serverId}\u0000${taskId}`;
}
