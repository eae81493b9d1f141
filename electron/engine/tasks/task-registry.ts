/**
 * The registry: the source of truth for what the app monitors (the extension has no
 * `tasks/list`, so a task id we lose is a task we can never find again). Holds every tracked
 * task in memory, indexes them by server and by server task id, and persists through the `TaskStore` with
 * coalesced writes: a burst of updates within `PERSIST_DELAY_MS` is one save of the changed
 * tasks only. A save the disk refuses loses nothing: the tasks stay in memory (and are followed
 * as usual), the failure goes to `SaveHealth`, and the save is retried with the engine's error
 * back-off until it works.
 */
import type { TrackedServerTask, TrackedTask } from '../../../shared/task-model.js';
import type { Clock, Logger, TaskStore, TimerHandle } from '../ports.js';
import { SAVE_RETRY_BASE_MS, type SaveHealth } from './save-health.js';
import { errorBackoffDelay } from './task-rules.js';

/** How long updates gather before they are written together. */
export const PERSIST_DELAY_MS = 500;

/** The in-memory task set with coalesced persistence. */
export class TaskRegistry {
  private readonly tasks = new Map<string, TrackedTask>();
  private readonly byServerTaskId = new Map<string, string>();
  /** The local ids of each server's tasks, so a question about one server does not read them all. */
  private readonly byServer = new Map<string, Set<string>>();
  private timer: TimerHandle | undefined;
  /** Ids changed (present) or removed (absent from `tasks`) since the last save. */
  private readonly dirty = new Set<string>();
  private saving: Promise<void> | undefined;
  /** Saves refused in a row (0 while saving works). */
  private failures = 0;
  private disposed = false;

  constructor(
    private readonly store: TaskStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly health: SaveHealth,
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

  /** The tasks of one server (in the order they were first tracked). */
  ofServer(serverId: string): TrackedTask[] {
    return [...(this.byServer.get(serverId) ?? [])].map((id) => this.tasks.get(id)!);
  }

  /** The local task for a server's task id, if tracked. */
  findByServerTaskId(serverId: string, taskId: string): TrackedServerTask | undefined {
    const id = this.byServerTaskId.get(indexKey(serverId, taskId));
    const task = id === undefined ? undefined : this.tasks.get(id);
    return task?.phase === 'task' ? task : undefined;
  }

  /** Stores `task` (replacing the one with its id) and schedules a write. */
  put(task: TrackedTask): void {
    const previous = this.tasks.get(task.localId);
    if (previous?.serverTaskId !== undefined && previous.serverTaskId !== task.serverTaskId) {
      this.byServerTaskId.delete(indexKey(previous.serverId, previous.serverTaskId));
    }
    if (previous !== undefined && previous.serverId !== task.serverId) this.unindexServer(previous);
    this.index(task);
    this.markDirty(task.localId);
  }

  /**
   * Stores `task` and writes it now; resolves `true` once it is on disk, `false` when the disk
   * refused (it stays in memory and the write is retried like any other).
   */
  async putDurably(task: TrackedTask): Promise<boolean> {
    this.put(task);
    await this.flush();
    return !this.dirty.has(task.localId);
  }

  /** Forgets a task; returns it when it existed. */
  remove(id: string): TrackedTask | undefined {
    const task = this.tasks.get(id);
    if (task === undefined) return undefined;
    this.tasks.delete(id);
    if (task.serverTaskId !== undefined) this.byServerTaskId.delete(indexKey(task.serverId, task.serverTaskId));
    this.unindexServer(task);
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
    this.saving = this.store.save({ upserts, removals }).then(() => {
      this.failures = 0;
      this.health.succeeded('tasks');
    }, (error: unknown) => {
      // Keep them dirty: the retry writes them (newer versions of these tasks win).
      for (const id of ids) this.dirty.add(id);
      this.failures += 1;
      this.health.failed('tasks', error);
      this.logger.error('saving tasks failed', { error: error instanceof Error ? error.message : String(error) });
      this.scheduleRetry();
    }).finally(() => {
      this.saving = undefined;
    });
    await this.saving;
  }

  /** Writes what is pending and stops the write timer (a save still refused stays unsaved). */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.flush();
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** After a refused save: try again after the back-off, even if nothing else changes. */
  private scheduleRetry(): void {
    if (this.disposed) return;
    this.timer?.cancel();
    this.timer = this.clock.setTimer(errorBackoffDelay(this.failures - 1, SAVE_RETRY_BASE_MS), () => {
      this.timer = undefined;
      void this.flush();
    });
  }

  private index(task: TrackedTask): void {
    this.tasks.set(task.localId, task);
    if (task.serverTaskId !== undefined) this.byServerTaskId.set(indexKey(task.serverId, task.serverTaskId), task.localId);
    const ofServer = this.byServer.get(task.serverId) ?? new Set<string>();
    this.byServer.set(task.serverId, ofServer);
    ofServer.add(task.localId);
  }

  private unindexServer(task: TrackedTask): void {
    const ofServer = this.byServer.get(task.serverId);
    ofServer?.delete(task.localId);
    if (ofServer?.size === 0) this.byServer.delete(task.serverId);
  }

  private markDirty(id: string): void {
    this.dirty.add(id);
    // A pending timer (the coalescing one, or a retry's back-off) writes this change too.
    if (this.timer !== undefined || this.disposed) return;
    this.timer = this.clock.setTimer(PERSIST_DELAY_MS, () => {
      this.timer = undefined;
      void this.flush();
    });
  }
}

function indexKey(serverId: string, taskId: string): string {
  return `${serverId}\u0000${taskId}`;
}
