/** Turns the contract's result envelope into a value or a thrown error, as TanStack Query expects. */
import type { IpcResult } from '../../shared/ipc/contract';

/** An error the host answered with: its message is meant for the user. */
export class HostError extends Error {
  override readonly name = 'HostError';
  /** The JSON-RPC code when a server sent one. */
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

/** The envelope's value, or throws a `HostError` with its message. */
export function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new HostError(result.error.message, result.error.code);
}

/** A message to show for any error a query or mutation ended with. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}
