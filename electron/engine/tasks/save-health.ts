/**
 * Whether the engine's changes are reaching the disk: the task store and the result store each
 * report their last write, and the engine announces the first problem (or that every write
 * works again) so the host can show a notice that stays until saving works.
 */
import type { SaveProblem } from '../ports.js';
import { errorText } from '../error-text.js';
import { SaveFailedError } from '../stores/save-failed-error.js';
import type { Emitter } from '../emitter.js';

/** What writes: the task list, or the stored results. */
export type SaveSource = 'tasks' | 'results';

/** Folder shown for a store that did not say which one refused (a store outside stores/). */
const UNNAMED_FOLDER = 'the data folder';
/** First retry of a refused write; then doubled per failure by the engine's one back-off rule. */
export const SAVE_RETRY_BASE_MS = 1_000;

/** The problem to show for a write that failed with `error`. */
export function saveProblemOf(error: unknown): SaveProblem {
  return error instanceof SaveFailedError ? error.problem : { reason: errorText(error), folder: UNNAMED_FOLDER };
}

/** The save state of both stores; fires `changed` with the problem to show, or `undefined` once all is saved. */
export class SaveHealth {
  readonly #problems = new Map<SaveSource, SaveProblem>();
  #shown: SaveProblem | undefined;

  constructor(private readonly changed: Emitter<SaveProblem | undefined>) {}

  /** The problem to show now (the task list's first), if any write is failing. */
  get problem(): SaveProblem | undefined {
    return this.#shown;
  }

  failed(source: SaveSource, error: unknown): void {
    this.#problems.set(source, saveProblemOf(error));
    this.#update();
  }

  succeeded(source: SaveSource): void {
    if (this.#problems.delete(source)) this.#update();
  }

  #update(): void {
    const next = this.#problems.get('tasks') ?? this.#problems.get('results');
    if (next?.reason === this.#shown?.reason && next?.folder === this.#shown?.folder) return;
    this.#shown = next;
    this.changed.fire(next);
  }
}
