/**
 * Task exchanges on disk: `<data>/exchanges/<sha256 of the local id>.json`, one document per task
 * (`{ version: 1, lines }`), written atomically (mode 0600, folder 0700) as the result store
 * writes results. A damaged file reads as no exchange and is moved aside
 * (`….json.corrupt-<time>`). Everything in it was redacted before it was kept.
 */
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ExchangeLineSchema, type ExchangeLine } from '../../../shared/server-log.js';
import type { Logger } from '../ports.js';
import { ensureDataFolder, isMissing, moveAside, parseJson, readIfPresent, writeFileAtomic } from '../stores/data-folder.js';
import { nodeFileSystem, type StoreFileSystem } from '../stores/file-system.js';
import type { ExchangeStore } from './task-exchange.js';

export const EXCHANGES_FOLDER = 'exchanges';

const ExchangeDocumentSchema = z.object({ version: z.literal(1), lines: z.array(ExchangeLineSchema) });

/** `ExchangeStore` in `<dir>/exchanges/`; operations on one task run in call order. */
export class FileExchangeStore implements ExchangeStore {
  readonly #folder: string;
  readonly #fs: StoreFileSystem;
  readonly #logger: Logger | undefined;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(options: { dir: string; logger?: Logger; fs?: StoreFileSystem }) {
    this.#folder = join(resolve(options.dir), EXCHANGES_FOLDER);
    this.#fs = options.fs ?? nodeFileSystem;
    this.#logger = options.logger;
  }

  get(taskLocalId: string): Promise<ExchangeLine[] | undefined> {
    const file = this.#pathFor(taskLocalId);
    return this.#enqueue(file, async () => {
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
    return this.#enqueue(file, async () => {
      await ensureDataFolder(this.#folder, this.#fs);
      await writeFileAtomic(file, text, this.#fs);
    });
  }

  delete(taskLocalId: string): Promise<void> {
    const file = this.#pathFor(taskLocalId);
    return this.#enqueue(file, async () => {
      try {
        await this.#fs.unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    });
  }

  /** Hashed in its JSON form, as the result store does, so no id reaches outside the folder. */
  #pathFor(taskLocalId: string): string {
    return join(this.#folder, `${createHash('sha256').update(JSON.stringify(taskLocalId), 'utf8').digest('hex')}.json`);
  }

  #enqueue<T>(file: string, operation: () => Promise<T>): Promise<T> {
    const result = (this.#queues.get(file) ?? Promise.resolve()).then(operation);
    const tail = result.catch(() => undefined);
    this.#queues.set(file, tail);
    void tail.then(() => {
      if (this.#queues.get(file) === tail) this.#queues.delete(file);
    });
    return result;
  }
}
