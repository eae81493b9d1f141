/**
 * The task store's files in the data folder, and what a well-formed snapshot (`tasks.json` or
 * one of its backups) looks like: `{"schemaVersion":3,"tasks":[TrackedTask...]}`.
 */
import { isJsonObject } from '../../../shared/json-guards.js';
import { readIfPresent } from '../../node/data-folder.js';
import type { StoreFileSystem } from '../../node/file-system.js';

/** conf's `configName` / electron-store's `name`: the file is `<dir>/tasks.json`. */
export const TASK_DOCUMENT_NAME = 'tasks';
export const TASK_FILE = `${TASK_DOCUMENT_NAME}.json`;
export const TASK_BACKUP_FILE = 'tasks.json.bak';
/** The good copy before `TASK_BACKUP_FILE`. */
export const TASK_OLDER_BACKUP_FILE = 'tasks.json.bak.1';
export const TASK_JOURNAL_FILE = 'tasks.journal';
export const QUARANTINE_FILE = 'tasks.quarantine.json';
/**
 * Version of the `{schemaVersion, tasks}` layout; a file with a higher one is kept, not read.
 * Format 2 renamed the record fields `id` → `localId` and `taskId` → `serverTaskId`; format 3
 * grouped a 2025-11-25 task's `legacySession` and `legacyPendingRequests` as `legacy.session` and
 * `legacy.pendingRequests`. Older files (and journal lines written by those versions) are still
 * read, each record upgraded by `upgradeRecord` in task-records.ts, and the next save writes
 * format 3.
 */
export const TASK_SCHEMA_VERSION = 3;
/** The oldest layout version this app still reads. */
const OLDEST_READABLE_SCHEMA_VERSION = 1;
/**
 * conf's reserved key. Assigning `store` without it makes conf re-read and re-parse the whole
 * file to carry the key over; we already know its value from loading, so we pass it ourselves
 * (`undefined`, which JSON leaves out, when the file had none).
 */
export const CONF_INTERNAL_KEY = '__internal__';

/** A well-formed snapshot file as read (or none: `NO_SNAPSHOT`). */
export interface Snapshot {
  isReadable: true;
  records: unknown[];
  /** The file as read; `undefined` when there is none. */
  bytes: Buffer | undefined;
  /** conf's `__internal__` value in the file, carried over on writes. */
  internal: unknown;
}

/** A snapshot, or why the file is damaged (in plain words, for the user). */
export type SnapshotAttempt = Snapshot | { isReadable: false; reason: string };

/** No file at all: an empty set, nothing to carry over. */
export const NO_SNAPSHOT: Snapshot = { isReadable: true, records: [], bytes: undefined, internal: undefined };

/**
 * Reads and checks a snapshot (or backup) file (see `parseSnapshot`). I/O errors throw; a
 * missing file is `NO_SNAPSHOT`.
 */
export async function readSnapshot(file: string, fs: StoreFileSystem): Promise<SnapshotAttempt> {
  const bytes = await readIfPresent(file, fs);
  return bytes === undefined ? NO_SNAPSHOT : parseSnapshot(bytes);
}

/**
 * Checks the bytes of a snapshot (or backup) file. Anything but a well-formed store is damaged
 * content (a result, with the reason in plain words): not JSON (truncated, garbled, empty, NUL
 * bytes), JSON `null`, `{}`, an array, the wrong layout, another format version.
 */
export function parseSnapshot(bytes: Buffer): SnapshotAttempt {
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) return { isReadable: false, reason: 'it is not valid JSON' };
    throw error;
  }
  if (data === null) return { isReadable: false, reason: 'it holds no task list (JSON null)' };
  if (!isJsonObject(data)) return { isReadable: false, reason: 'it does not have the expected layout' };
  const fields = data;
  if (Object.keys(fields).length === 0) return { isReadable: false, reason: 'it holds no task list (an empty object)' };
  const { schemaVersion, tasks } = fields;
  if (typeof schemaVersion === 'number' && schemaVersion > TASK_SCHEMA_VERSION) {
    return { isReadable: false, reason: `it was written by a newer version of the app (format ${schemaVersion})` };
  }
  if (typeof schemaVersion !== 'number' || schemaVersion < OLDEST_READABLE_SCHEMA_VERSION || !Number.isInteger(schemaVersion) || !Array.isArray(tasks)) {
    return { isReadable: false, reason: 'it does not have the expected layout' };
  }
  return { isReadable: true, records: tasks as unknown[], bytes, internal: fields[CONF_INTERNAL_KEY] };
}
