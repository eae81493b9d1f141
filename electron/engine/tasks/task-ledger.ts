/**
 * The tasks the engine tracks, as its collaborators change them: the registry (memory + coalesced
 * persistence) and the `onDid*` task events behind one door, so every change is stored and
 * announced the same way.
 */
import type { TrackedCall, TrackedServerTask, TrackedTask } from '../../../shared/task-model.js';
import type { Emitter } from '../emitter.js';
import { settled } from './task-rules.js';
import type { TaskRegistry } from './task-registry.js';

/** Stores and announces task changes. */
export class TaskLedger {
  constructor(
    readonly registry: TaskRegistry,
    private readonly updated: Emitter<TrackedTask>,
    private readonly removed: Emitter<string>,
  ) {}

  get(id: string): TrackedTask | undefined {
    return this.registry.get(id);
  }

  /** The stored entry `id` when it is a call (no task on its server, or none known); undefined otherwise. */
  call(id: string): TrackedCall | undefined {
    const entry = this.registry.get(id);
    return entry?.phase === 'task' ? undefined : entry;
  }

  /** The stored entry `id` when it is a server's task (phase `task`); undefined otherwise. */
  serverTask(id: string): TrackedServerTask | undefined {
    const entry = this.registry.get(id);
    return entry?.phase === 'task' ? entry : undefined;
  }

  all(): TrackedTask[] {
    return this.registry.all();
  }

  /** The tasks of one server (in the order they were first tracked). */
  ofServer(serverId: string): TrackedTask[] {
    return this.registry.ofServer(serverId);
  }

  /** The local task for a server's task id, if tracked. */
  findByServerTaskId(serverId: string, serverTaskId: string): TrackedServerTask | undefined {
    return this.registry.findByServerTaskId(serverId, serverTaskId);
  }

  /** Stores a changed task (a finished one without what only a live task needs) and announces it. */
  put<T extends TrackedTask>(task: T): T {
    const stored = settled(task);
    this.registry.put(stored);
    this.updated.fire(stored);
    return stored;
  }

  /**
   * Stores a task and writes it at once (a new task id). Resolves once the write was tried: if
   * the disk refused, the task is kept and followed in memory and saved when the disk works.
   */
  async putDurably<T extends TrackedTask>(task: T): Promise<T> {
    const stored = settled(task);
    await this.registry.putDurably(stored);
    this.updated.fire(stored);
    return stored;
  }

  /**
   * Writes a new entry before anything is sent for it: `true` (and announced) once it is on
   * disk; `false` when the disk refused, and then the entry is taken back as if never made.
   */
  async recordBeforeSend(entry: TrackedTask): Promise<boolean> {
    const stored = settled(entry);
    if (!(await this.registry.putDurably(stored))) {
      // Removed, not just dropped: a store that still holds the refused write must not save it later.
      this.registry.remove(stored.localId);
      return false;
    }
    this.updated.fire(stored);
    return true;
  }

  /** Forgets a task and announces its removal; returns it when it existed. */
  remove(id: string): TrackedTask | undefined {
    const task = this.registry.remove(id);
    if (task !== undefined) this.removed.fire(id);
    return task;
  }

  /** Writes what is pending now. */
  flush(): Promise<void> {
    return this.registry.flush();
  }
}
