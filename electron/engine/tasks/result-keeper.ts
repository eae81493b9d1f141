/**
 * The engine's way to the result store: a result the disk refuses is kept in memory (so the
 * task still shows it), reported to `SaveHealth`, and written again with the engine's error
 * back-off until the disk takes it. Nothing throws out of `put`: a task that completes on a
 * full or read-only disk is still a completed task.
 */
import type { ToolResult } from '../../../shared/task-model.js';
import type { Clock, Logger, ResultStore, TimerHandle } from '../ports.js';
import { SAVE_RETRY_BASE_MS, type SaveHealth } from './save-health.js';
import { errorBackoffDelay } from './task-rules.js';

/** Results on their way to the disk. */
export class ResultKeeper {
  /** Results the disk refused, by local task id, until a write of them succeeds. */
  private readonly unsaved = new Map<string, ToolResult>();
  private failures = 0;
  private timer: TimerHandle | undefined;
  private disposed = false;

  constructor(
    private readonly store: ResultStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly health: SaveHealth,
  ) {}

  /** Stores a task's result; resolves once it is on disk or kept in memory for a retry. */
  async put(id: string, result: ToolResult): Promise<void> {
    this.unsaved.set(id, result);
    await this.write(id, result);
  }

  /** The result: the one waiting for the disk, else the stored one (see `ResultStore.get` for `onDamaged`). */
  async get(id: string, onDamaged?: (keptAs: string) => void): Promise<ToolResult | undefined> {
    return this.unsaved.get(id) ?? this.store.get(id, onDamaged);
  }

  /**
   * Forgets a result, in memory and on disk. A disk that refuses leaves the file behind (logged):
   * the task is gone all the same, and a stray result costs space, not data.
   */
  async delete(id: string): Promise<void> {
    this.unsaved.delete(id);
    try {
      await this.store.delete(id);
    } catch (error) {
      this.logger.warn('could not delete the result of a removed task', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Stops retrying (results still unsaved are lost with the process; the health notice said so). */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = undefined;
  }

  private async write(id: string, result: ToolResult): Promise<void> {
    try {
      await this.store.put(id, result);
    } catch (error) {
      this.failures += 1;
      this.health.failed('results', error);
      this.logger.error('saving a task result failed', { error: error instanceof Error ? error.message : String(error) });
      this.scheduleRetry();
      return;
    }
    // A newer result of the same task may have arrived meanwhile: that one is still to write.
    if (this.unsaved.get(id) === result) this.unsaved.delete(id);
    this.failures = 0;
    if (this.unsaved.size === 0) this.health.succeeded('results');
    else this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.disposed || this.timer !== undefined) return;
    this.timer = this.clock.setTimer(errorBackoffDelay(this.failures - 1, SAVE_RETRY_BASE_MS), () => {
      this.timer = undefined;
      void this.retry();
    });
  }

  private async retry(): Promise<void> {
    for (const [id, result] of [...this.unsaved]) {
      await this.write(id, result);
      if (this.failures > 0) return; // still refused: the back-off timer is armed again
    }
  }
}
