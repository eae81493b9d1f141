/**
 * How a store says the disk refused a write: the reason in plain words (with the system's error
 * code) and the folder it could not write to, for the "changes cannot be saved" notice.
 */
import type { SaveProblem } from '../ports.js';
import { errorCode } from '../../node/data-folder.js';

/** Plain words for the system errors a full, read-only or failing disk raises. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  EIO: 'the disk reported an input/output error',
};

/** A store write that did not reach the disk; `problem` is what to show the user. */
export class SaveFailedError extends Error {
  constructor(readonly problem: SaveProblem, options?: { cause?: unknown }) {
    super(`Changes cannot be saved: ${problem.reason}, folder ${problem.folder}`, options);
    this.name = 'SaveFailedError';
  }
}

/** Wraps any error of a write into `folder` (an already wrapped one passes through). */
export function saveFailed(error: unknown, folder: string): SaveFailedError {
  if (error instanceof SaveFailedError) return error;
  return new SaveFailedError({ reason: describeWriteError(error), folder }, { cause: error });
}

/** `permission denied (EACCES)`; an error without a system code is described by its message. */
export function describeWriteError(error: unknown): string {
  const code = errorCode(error);
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const words = REASONS[code];
  return words === undefined ? `the file system refused the write (${code})` : `${words} (${code})`;
}
