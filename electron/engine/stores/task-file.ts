/** Where the per-task stores (results, exchanges) keep one task's file. */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/**
 * The file a task's document is kept in under `folder`: the local id hashed in its JSON form, so
 * no id (whatever it holds) reaches outside the folder or names a file by itself.
 */
export function taskFilePath(folder: string, taskLocalId: string): string {
  return join(folder, `${createHash('sha256').update(JSON.stringify(taskLocalId), 'utf8').digest('hex')}.json`);
}
