/**
 * Loading saved task records: which records of the snapshot and which journal lines become
 * tasks, and what the user is told about those that do not (they are quarantined, never
 * dropped silently).
 */
import { isJsonObject } from '../../../shared/json-guards.js';
import { TrackedTaskSchema, type TrackedTask } from '../../../shared/task-model.js';
import { isTrackedTaskShaped } from '../../../shared/task-shape.js';
import { parseJson } from '../../node/data-folder.js';
import { QUARANTINE_FILE, TASK_JOURNAL_FILE } from './task-files.js';

/** The byte that ends each journal line. */
export const NEWLINE = 0x0a;

/** A record or journal line that could not be loaded. */
export interface Rejected {
  record: unknown;
  reason: string;
  /** Where it came from: the snapshot, or a journal line (a `put` record, or a line that is not one). */
  origin: 'snapshot' | 'journal-put' | 'journal-line';
}

/** What replaying the journal found. */
export interface JournalReplay {
  /** Bytes up to and including the last newline. */
  completeBytes: number;
  /** The journal ends in a partial line (the app stopped in the middle of an append). */
  isTorn: boolean;
}

/** Validates the snapshot's records into `tasks`; the bad ones and repeated ids go to `rejected`. */
export function admitSnapshot(records: readonly unknown[], tasks: Map<string, TrackedTask>, rejected: Rejected[]): void {
  for (const saved of records) {
    const record = upgradeRecord(saved);
    if (!isTrackedTaskShaped(record)) {
      rejected.push({ record: saved, reason: `its data is invalid (${whyInvalid(record)})`, origin: 'snapshot' });
    } else if (tasks.has(record.localId)) {
      rejected.push({ record: saved, reason: 'another saved task has the same id', origin: 'snapshot' });
    } else {
      tasks.set(record.localId, record);
    }
  }
}

/**
 * Applies the journal's whole lines in order to `tasks`; lines that are not valid changes go to `rejected`.
 * Only the newest put of each task is validated (a busy journal repeats a task many times and
 * checking every copy would dominate start-up); an invalid newest put falls back to the newest
 * valid earlier one and is quarantined.
 */
export function replayJournal(journal: Buffer | undefined, tasks: Map<string, TrackedTask>, rejected: Rejected[]): JournalReplay {
  if (journal === undefined) return { completeBytes: 0, isTorn: false };
  const completeBytes = journal.lastIndexOf(NEWLINE) + 1;
  const text = journal.toString('utf8', 0, completeBytes);
  // Each put upgraded (`record`) and as saved (`saved`: what a quarantine keeps).
  const puts = new Map<string, { record: unknown; saved: unknown; where: string }[]>();
  let lineNumber = 0;
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end);
    start = end + 1;
    lineNumber += 1;
    if (line.trim() === '') continue;
    const where = `line ${lineNumber} of ${TASK_JOURNAL_FILE}`;
    const change = parseJson(line);
    if (change === undefined) {
      rejected.push({ record: line, reason: `it is not valid JSON (${where})`, origin: 'journal-line' });
    } else if (isChange(change, 'put')) {
      const put = upgradeRecord(change.put);
      const id = isJsonObject(put) && typeof put.localId === 'string' ? put.localId : `line-${lineNumber}`;
      const versions = puts.get(id);
      const version = { record: put, saved: change.put, where };
      if (versions === undefined) puts.set(id, [version]);
      else versions.push(version);
    } else if (isChange(change, 'del') && typeof change.del === 'string') {
      puts.delete(change.del);
      tasks.delete(change.del);
    } else {
      rejected.push({ record: change, reason: `it is not a change this version of the app understands (${where})`, origin: 'journal-line' });
    }
  }
  for (const versions of puts.values()) {
    for (let index = versions.length - 1; index >= 0; index -= 1) {
      const { record, saved, where } = versions[index]!;
      if (isTrackedTaskShaped(record)) {
        tasks.set(record.localId, record);
        break;
      }
      rejected.push({ record: saved, reason: `its data is invalid (${whyInvalid(record)}; ${where})`, origin: 'journal-put' });
    }
  }
  return { completeBytes, isTorn: completeBytes < journal.length };
}

/**
 * A saved record in today's field names. Records written before format 2 call the local id `id`
 * and the server's task id `taskId` (on the task and on its snapshot); records written before
 * format 3 keep a 2025-11-25 task's session and requests as `legacySession` and
 * `legacyPendingRequests`. Anything else is returned as it is, for the schema check to judge.
 * Never throws and never drops a field.
 */
export function upgradeRecord(record: unknown): unknown {
  return groupLegacyFields(renameIds(record));
}

function renameIds(record: unknown): unknown {
  if (!isJsonObject(record) || !('id' in record) || 'localId' in record) return record;
  const { id, taskId, snapshot, ...rest } = record;
  return {
    localId: id,
    ...rest,
    ...(taskId !== undefined ? { serverTaskId: taskId } : {}),
    ...(snapshot !== undefined ? { snapshot: upgradeSnapshot(snapshot) } : {}),
  };
}

function groupLegacyFields(record: unknown): unknown {
  if (!isJsonObject(record) || 'legacy' in record || !('legacySession' in record || 'legacyPendingRequests' in record)) return record;
  const { legacySession, legacyPendingRequests, ...rest } = record;
  // Requests are kept only in a session: without one (never written so) there is nothing to group.
  if (legacySession === undefined) return record;
  return { ...rest, legacy: { session: legacySession, ...(legacyPendingRequests !== undefined ? { pendingRequests: legacyPendingRequests } : {}) } };
}

function upgradeSnapshot(snapshot: unknown): unknown {
  if (!isJsonObject(snapshot) || !('taskId' in snapshot) || 'serverTaskId' in snapshot) return snapshot;
  const { taskId, ...rest } = snapshot;
  return { serverTaskId: taskId, ...rest };
}

/** The problem line for one quarantined record; `isListed` says whether a task id is in the loaded set. */
export function describeRejection({ record, reason, origin }: Rejected, isListed: (id: string) => boolean): string {
  switch (origin) {
    case 'snapshot':
      return `A saved task${describeId(record)} could not be loaded because ${reason}. It was set aside in "${QUARANTINE_FILE}" and left out of the task list.`;
    case 'journal-put': {
      const id = idOf(record);
      const isStillListed = id !== undefined && isListed(id);
      return (
        `A saved change to a task${describeId(record)} could not be loaded because ${reason}. It was set aside in "${QUARANTINE_FILE}"` +
        (isStillListed ? ', and the task was loaded as it was saved at another time.' : ' and left out of the task list.')
      );
    }
    case 'journal-line':
      return `A saved change to the task list could not be read because ${reason}. It was set aside in "${QUARANTINE_FILE}"; the task it changed may show an earlier state.`;
  }
}

/** A one-key object `{[key]: ...}`: the shape of a journal line. */
function isChange<K extends 'put' | 'del'>(value: unknown, key: K): value is Record<K, unknown> {
  return isJsonObject(value) && Object.keys(value).length === 1 && key in value;
}

/**
 * What is wrong with a record the shape check refused, in the schema's words. Records are
 * checked by hand (shared/task-shape.ts), which accepts exactly what `TrackedTaskSchema` does
 * and keeps the record itself: zod's output is a deep copy, and building one per record for
 * 10,000 tasks set the start-up memory peak. zod runs only here, for the few records refused.
 */
function whyInvalid(record: unknown): string {
  const parsed = TrackedTaskSchema.safeParse(record);
  if (parsed.success) return 'it does not have the shape of a saved task';
  const shown = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || 'record'}: ${issue.message}`);
  return shown.join('; ') + (parsed.error.issues.length > shown.length ? '; …' : '');
}

function idOf(record: unknown): string | undefined {
  const upgraded = upgradeRecord(record);
  return isJsonObject(upgraded) && typeof upgraded.localId === 'string' ? upgraded.localId : undefined;
}

/** ` (id "…")` when the record has a string id; ids are escaped and shortened for display. */
function describeId(record: unknown): string {
  const id = idOf(record);
  if (id === undefined) return '';
  const shown = id.length > 40 ? `${id.slice(0, 40)}…` : id;
  return ` (id ${JSON.stringify(shown)})`;
}
