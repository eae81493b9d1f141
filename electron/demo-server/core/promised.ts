/**
 * Runs the synchronous `fn` and returns its value as a promise — a throw becomes a rejection.
 * For async interfaces (the SDK's `TaskStore`, `TaskDriver`) implemented over synchronous state.
 */
export function promised<T>(fn: () => T): Promise<T> {
  return new Promise((resolve) => resolve(fn()));
}
