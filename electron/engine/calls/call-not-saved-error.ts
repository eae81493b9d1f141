/** The refusal of a call whose pending entry could not be written first. */
import type { SaveProblem } from '../ports.js';

/**
 * A tool call that was not sent: its pending entry must be on disk before the request goes out
 * (or a crash could lose the task the server creates), and the disk refused it. Nothing reached
 * the server; the same call can be made again once saving works.
 */
export class CallNotSavedError extends Error {
  constructor(readonly problem: SaveProblem) {
    super(
      `The call was not sent: it could not be saved first (${problem.reason}, folder ${problem.folder}). ` +
        'A call is only sent once it is saved, so the task it starts cannot be lost. Try again once saving works.',
    );
    this.name = 'CallNotSavedError';
  }
}
