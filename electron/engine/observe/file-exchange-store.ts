/**
 * Task exchanges on disk: `<data>/exchanges/<sha256 of the local id>.json`, one document per task
 * (`{ version: 1, lines }`), written atomically (mode 0600, folder 0700) but not fsynced, unlike
 * results: after a power cut a file may be damaged, and a damaged file reads as no exchange and is
 * moved aside (`….json.corrupt-<time>`). Everything in it was redacted before it was kept.
 */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ExchangeLineSchema, type ExchangeLine } from '../../../shared/server-log.js';
import { ensureDataFolder, FileQueues, moveAside, parseJson, readIfPresent, removeIfPresent, writeFileAtomic } from '../../node/data-folder.js';
import { nodeFileSystem, type StoreFileSystem } from '../../node/file-system.js';
import type { Logger } from '../ports.js';
import { taskFilePath } from '../stores/task-file.js';
import type { ExchangeStore } from './task-exchange.js';

export const EXCHANGES_FOLDER = 'exchanges';

const ExchangeDocumentSchema = z.object({ version: z.literal(1), lines: z.array(ExchangeLineSchema) });

/** `ExchangeStore` in `<dir>/exchanges/`; operations on one task run in call order. */
export class FileExchangeStore implements ExchangeStore {
  readonly #folder: string;
  readonly #fs: StoreFileSystem;
  readonly #logger: Logger | undefined;
  readonly #queues = new FileQueues();

  constructor(options: { dir: string; logger?: Logger; fs?: StoreFileSystem }) {
    this.#folder = join(resolve(options.dir), EXCHANGES_FOLDER);
    this.#fs = options.fs ?? nodeFileSystem;
    this.#logger = options.logger;
  }

  get(taskLocalId: string): Promise<ExchangeLine[] | undefined> {
    const file = this.#pathFor(taskLocalId);
    return this.#queues.run(file, async () => {
      const bytes = await readIfPresent(file, this.#fs);
      if (bytes === undefined) return undefined;
      const text = bytes.toString('utf8');
      const parsed = ExchangeDocumentSchema.safeParse(parseJson(text));
      if (parsed.success) return parsed.data.lines;
      await moveAside(file, 'corrupt', new Date(), this.#fs).catch(() => undefined);
      this.#logger?.warn('A stored task exchange was damaged; it was moved aside');
      return undefined;
    });
  }

  put(taskLocalId: string, lines: readonly ExchangeLine[]): Promise<void> {
    const file = this.#pathFor(taskLocalId);
    const text = JSON.stringify({ version: 1, lines });
    return this.#queues.run(file, async () => {
      await ensureDataFolder(this.#folder, this.#fs);
      // Not fsynced: an exchange is a diagnostic record, a damaged one reads as none (see `get`),
      // and quitting with thousands of live tasks writes thousands of them.
      await writeFileAtomic(file, text, this.#fs, { durable: false });
    });
  }

  delete(taskLocalId: string): Promise<void> {
    const file = this.#pathFor(taskLocalId);
    return this.#queues.run(file, () => removeIfPresent(file, this.#fs));
  }

  #pathFor(taskLocalId: string): string {
    return taskFilePath(this.#folder, taskLocalId);
  }
}
