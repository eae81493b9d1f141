/**
 * Real hosts on temp data folders for the host and browser-mode tests: typed invokes that check
 * every answer against the contract's response schema, an event log that checks every event
 * against its schema and waits on host state (never on sleeps), a logger that keeps what it was
 * told (to prove secrets never reach it), and a secret store that really encrypts.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, expect } from 'vitest';
import {
  eventChannels,
  invokeChannels,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResponse,
  type IpcError,
} from '../../shared/ipc/contract.js';
import { defaultDemoServers } from '../../electron/demo-server/default-servers.js';
import type { Logger } from '../../electron/engine/index.js';
import { createHost, type CreateHostOptions, type Host } from '../../electron/host/create-host.js';
import type { HostApi, SecretStore } from '../../electron/host/host-api.js';

/**
 * A fresh temp folder; `cleanup` removes it. Removal retries: a server process ended by the
 * host's stop may still be finishing a write into the folder while it is emptied (ENOTEMPTY).
 */
export function tempDir(prefix = 'mtm-host-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) };
}

/** A Logger that keeps every entry. */
export class RecordingLogger implements Logger {
  readonly entries: { level: string; message: string; details?: Record<string, unknown> }[] = [];
  debug = this.#write('debug');
  info = this.#write('info');
  warn = this.#write('warn');
  error = this.#write('error');

  /** Everything logged, as one string (to search for secrets). */
  text(): string {
    return JSON.stringify(this.entries);
  }

  #write(level: string) {
    return (message: string, details?: Record<string, unknown>): void => {
      this.entries.push({ level, message, ...(details !== undefined ? { details } : {}) });
    };
  }
}

/** A SecretStore doing AES-256-GCM with `key`, like safeStorage with a keychain; another key cannot reveal. */
export function encryptingSecretStore(key: Buffer = randomBytes(32)): SecretStore {
  return {
    protection: 'os-keychain',
    protect(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    reveal(stored) {
      try {
        const bytes = Buffer.from(stored, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** One contract event as the host emitted it. */
export interface RecordedEvent {
  channel: EventChannel;
  payload: unknown;
}

/** Records a host's events, checking each against its schema, and waits on host state. */
export class EventLog {
  readonly events: RecordedEvent[] = [];
  /** Events that failed their schema or carried fields it does not name (the host catches listener errors, so they are kept here). */
  readonly invalid: RecordedEvent[] = [];
  readonly #wakers = new Set<() => void>();
  readonly #unsubscribe: () => void;

  constructor(host: HostApi) {
    this.#unsubscribe = host.subscribe((channel, payload) => {
      // Off the hot path: the host itself never validates what it emits.
      const parsed = eventChannels[channel].safeParse(payload);
      if (!parsed.success || !isDeepStrictEqual(asJson(parsed.data), asJson(payload))) this.invalid.push({ channel, payload });
      this.events.push({ channel, payload });
      for (const wake of [...this.#wakers]) wake();
    });
  }

  /** Payloads of one channel, in order. */
  of<C extends EventChannel>(channel: C): EventPayload<C>[] {
    return this.events.filter((event) => event.channel === channel).map((event) => event.payload as EventPayload<C>);
  }

  /** Resolves with the first defined value of `check`, re-run after every event. */
  waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      let isBusy = false;
      let isDirty = false;
      const done = (finish: () => void): void => {
        clearTimeout(timer);
        this.#wakers.delete(wake);
        finish();
      };
      const wake = (): void => {
        if (isBusy) {
          isDirty = true;
          return;
        }
        isBusy = true;
        void Promise.resolve(check()).then((value) => {
          isBusy = false;
          if (value !== undefined) done(() => resolve(value));
          else if (isDirty) {
            isDirty = false;
            wake();
          }
        }, (error: unknown) => done(() => reject(error instanceof Error ? error : new Error(String(error)))));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`))), timeoutMs);
      this.#wakers.add(wake);
      wake();
    });
  }

  dispose(): void {
    this.#unsubscribe();
  }
}

/** Invokes `channel`, expects success and checks the answer against the channel's response schema (extra fields included). */
export async function invoke<C extends InvokeChannel>(host: HostApi, channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>> {
  const result = await host.dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  const parsed = invokeChannels[channel].response.parse(result.value) as InvokeResponse<C>;
  expect(parsed).toEqual(result.value);
  return parsed;
}

/** Invokes `channel` and expects a failure; resolves with its error. */
export async function invokeError(host: HostApi, channel: unknown, request: unknown): Promise<IpcError> {
  const result = await host.dispatch(channel, request);
  if (result.ok) throw new Error(`${String(channel)} unexpectedly succeeded`);
  return result.error;
}

/** The value as it crosses the boundary (JSON drops undefined fields). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** A host under test with its folder, events and log. */
export interface TestHost {
  host: Host;
  dir: string;
  events: EventLog;
  logger: RecordingLogger;
  /** Disposes the host (idempotent). */
  stop(): Promise<void>;
}

/**
 * Starts a real host (electron mode with an encrypting secret store and the embedded demo servers
 * as its own, unless told otherwise) on `dir` (a new temp folder by default; the caller removes it).
 */
export async function startTestHost(options: Partial<CreateHostOptions> = {}): Promise<TestHost> {
  const dir = options.dataDir ?? tempDir().dir;
  const logger = new RecordingLogger();
  const host = await createHost({ mode: 'electron', secretStore: encryptingSecretStore(), logger, defaultServers: defaultDemoServers(), ...options, dataDir: dir });
  const events = new EventLog(host);
  return {
    host,
    dir,
    events,
    logger,
    stop: async () => {
      events.dispose();
      await host.dispose();
      expect(events.invalid).toEqual([]);
    },
  };
}

/** Waits until every server in `ids` is connected. */
export function waitForConnected(test: Pick<TestHost, 'host' | 'events'>, ids: readonly string[]): Promise<true> {
  return test.events.waitFor(async () => {
    const servers = await invoke(test.host, 'servers:list', {});
    return ids.every((id) => servers.find((server) => server.id === id)?.state?.status === 'connected') ? true : undefined;
  }, `${ids.join(', ')} to connect`);
}

/** Hosts and temp folders that live for one test: see `hostsPerTest`. */
export interface PerTestHosts {
  /** A new temp folder, removed after the test. */
  folder(): string;
  /** Starts a host (no default servers unless given), stopped after the test. */
  host(options?: Partial<CreateHostOptions>): Promise<TestHost>;
  /** Stops a host before the test ends (a restart); it is not stopped again. */
  stop(test: TestHost): Promise<void>;
}

/** Per-test hosts and folders, cleaned up by an `afterEach` this registers: call it at the top level of a test file. */
export function hostsPerTest(): PerTestHosts {
  const running: TestHost[] = [];
  const folders: (() => void)[] = [];
  afterEach(async () => {
    for (const test of running.splice(0)) await test.stop();
    for (const cleanup of folders.splice(0)) cleanup();
  });
  return {
    folder() {
      const temp = tempDir();
      folders.push(temp.cleanup);
      return temp.dir;
    },
    async host(options = {}) {
      const test = await startTestHost({ defaultServers: [], ...options });
      running.push(test);
      return test;
    },
    async stop(test) {
      running.splice(running.indexOf(test), 1);
      await test.stop();
    },
  };
}
