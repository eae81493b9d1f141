/**
 * The backend that writes the task snapshot, `tasks.json`: conf, or electron-store in the
 * Electron host (the same library underneath, the same file).
 */
import Conf from 'conf';

/** What a storage backend must pass through when it opens `tasks.json`. */
export interface TaskDocumentOptions {
  /** Absolute data folder. */
  cwd: string;
  /** File name without `.json` (conf's `configName`, electron-store's `name`). */
  name: string;
  /** Must be used for every write: it keeps the file compact and feeds `ConfTaskStore.stats`. */
  serialize: (value: Record<string, unknown>) => string;
  /** conf's `configFileMode`. */
  fileMode: number;
}

/**
 * The part of a conf / electron-store instance the task store uses. Opening it must throw
 * `SyntaxError` on unparsable JSON (as conf does), must not use `clearInvalidConfig` and must
 * write exactly what `serialize` returns (no encryption): the store reads the file itself.
 */
export interface TaskDocument {
  readonly path: string;
  /** Assigning writes the file atomically. The store never reads it (it parses the file itself). */
  store: Record<string, unknown>;
}

/**
 * Opens the task document; in Electron, pass one that builds an electron-store instance. It is
 * opened when the snapshot is first written (compaction), not at load: opening parses the file,
 * which loading has just done.
 */
export type OpenTaskDocument = (options: TaskDocumentOptions) => TaskDocument;

/**
 * The default backend: plain conf. Never `clearInvalidConfig`: it wipes a damaged file silently.
 * Electron host equivalent:
 * `(o) => new Store({cwd: o.cwd, name: o.name, serialize: o.serialize, configFileMode: o.fileMode})`.
 */
export const openConfDocument: OpenTaskDocument = (options) =>
  new Conf<Record<string, unknown>>({
    cwd: options.cwd,
    configName: options.name,
    serialize: options.serialize,
    configFileMode: options.fileMode,
    clearInvalidConfig: false,
  });
