/**
 * Watches the app's data folder for one kind of write and reports the moment it starts, so a
 * crash test can kill the app while that write is under way instead of hoping a random moment
 * hits it. The report comes as the file system tells (inotify on Linux): the kill lands during
 * the write or just after it — which of the two shows in the temp files left behind.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/**
 * - `journal-append`: a change of `tasks.journal` (one save of changed tasks);
 * - `snapshot-write`: a temp file of `tasks.json` appears (a compaction writing the whole set);
 * - `backup-write`: a temp file of `tasks.json.bak` appears (the copy refreshed at every start);
 * - `result-write`: a temp file appears in `results/` (a final result being stored).
 */
export type DataFolderWrite = 'journal-append' | 'snapshot-write' | 'backup-write' | 'result-write';

/** The file-name test of each kind, and the folder (relative to the data folder) it happens in. */
const WRITES: Record<DataFolderWrite, { folder: string; matches: (name: string, event: string) => boolean }> = {
  'journal-append': { folder: '.', matches: (name, event) => name === 'tasks.journal' && event === 'change' },
  'snapshot-write': { folder: '.', matches: (name) => /^tasks\.json\.tmp-/.test(name) },
  'backup-write': { folder: '.', matches: (name) => /^tasks\.json\.bak\.tmp-/.test(name) },
  'result-write': { folder: 'results', matches: (name) => /\.json\.tmp-/.test(name) },
};

/**
 * Calls `onWrite` (once) at the `nth` event of kind `what` in `dataDir` (a temp file's first event
 * is its creation; the journal has about one per append); `dispose()` stops watching. The folder
 * it watches must exist.
 */
export function onDataFolderWrite(dataDir: string, what: DataFolderWrite, nth: number, onWrite: () => void): { dispose(): void } {
  const { folder, matches } = WRITES[what];
  let seen = 0;
  const watcher: FSWatcher = watch(join(dataDir, folder), (event, name) => {
    if (name === null || !matches(name, event)) return;
    seen += 1;
    if (seen !== nth) return;
    watcher.close();
    onWrite();
  });
  return { dispose: () => watcher.close() };
}
