/**
 * What a host (Electron main, browser mode, a test, the benchmark) supplies to the engine.
 * The engine never touches the file system, the wall clock or timers except through these,
 * so it runs the same under Electron, plain Node and fake clocks.
 */
import type { ToolResult, TrackedTask } from '../../shared/task-model.js';
import type { Logger } from '../node/logger.js';
import type { ProcessLauncher } from './connections/process-launcher.js';
import type { ExchangeStore } from './observe/task-exchange.js';

// The logger port is defined with the Node utilities, whose console logger implements it.
export type { Logger } from '../node/logger.js';

/** What loading the task store found. */
export interface TaskStoreLoad {
  tasks: TrackedTask[];
  /** Human-readable problems found while loading (a corrupt file moved aside, records dropped). */
  problems: string[];
}

/** What changed since the last save: tasks added or replaced, and ids removed. */
export interface TaskStoreChanges {
  upserts: readonly TrackedTask[];
  removals: readonly string[];
}

/**
 * Durable storage of the tracked tasks (without their results). One writer only: the host.
 * `save` receives only what changed (callers coalesce bursts, so many updates are one save), so
 * a status change costs a write the size of that task, not of the whole inbox. Call `load`
 * once before the first `save`. A `save` the disk refused rejects (with `SaveFailedError` for
 * the stores in stores/, which carry a `SaveProblem`); the caller keeps the changes and retries.
 */
export interface TaskStore {
  load(): Promise<TaskStoreLoad>;
  save(changes: TaskStoreChanges): Promise<void>;
}

/**
 * Why changes are not reaching the disk, as the stores report it (`SaveFailedError.problem`):
 * `reason` in plain words with the system error code (`permission denied (EACCES)`), and the
 * folder that refused the write.
 */
export interface SaveProblem {
  reason: string;
  folder: string;
}

/** Storage for final results, kept apart from the task state so status changes stay cheap. */
export interface ResultStore {
  /**
   * The stored result, or `undefined` when there is none or it is damaged; a damaged one is
   * kept aside and `onDamaged` is told the name it was kept as (for the user: the result must
   * be fetched again or is lost). A `put` the disk refused rejects like `TaskStore.save`.
   */
  get(taskLocalId: string, onDamaged?: (keptAs: string) => void): Promise<ToolResult | undefined>;
  put(taskLocalId: string, result: ToolResult): Promise<void>;
  delete(taskLocalId: string): Promise<void>;
}

/** A cancellable timer handle. */
export interface TimerHandle {
  cancel(): void;
}

/** Time for the engine. Tests pass a fake; hosts pass `systemClock`. */
export interface Clock {
  /** Wall-clock ms since the epoch (for display and persistence). */
  now(): number;
  /** Monotonic ms (for intervals, backoff and TTL arithmetic; immune to clock changes). */
  monotonic(): number;
  /** Runs `callback` once after `delayMs`; the handle must not keep the process alive. */
  setTimer(delayMs: number, callback: () => void): TimerHandle;
}

/** The ports a host hands to `createEngine`. */
export interface EnginePorts {
  taskStore: TaskStore;
  resultStore: ResultStore;
  clock: Clock;
  logger: Logger;
  /** Random number in [0, 1) for jitter; injectable so tests are deterministic. */
  random?: () => number;
  /** Where each task's protocol exchange is kept across restarts (absent: in memory only). */
  exchangeStore?: ExchangeStore;
  /**
   * Where each HTTP server's sign-in credentials are kept (absent: in memory, for this run only).
   * See `CredentialStore`.
   */
  credentialStore?: CredentialStore;
  /**
   * Starts stdio servers' processes (absent: `spawnProcess`, the command itself). A host that
   * runs some commands its own way hands the rest to `spawnProcess`; see `LaunchedProcess` for
   * what the started process must do.
   */
  launchProcess?: ProcessLauncher;
}

/**
 * Secret storage for sign-in credentials, one opaque JSON object per server id: tokens, the
 * client registration (a client secret included), the PKCE verifier of a sign-in under way and
 * what discovery found. Every value is a secret: a host keeps it only in protected storage (the
 * OS keychain) or in memory, never in a plain file, a log or the renderer. `save` replaces the
 * whole value. A pre-registered client is seeded by saving `preRegisteredClient(…)` (auth/)
 * before the server is added.
 */
export interface CredentialStore {
  load(serverId: string): Promise<Record<string, unknown> | undefined>;
  save(serverId: string, value: Record<string, unknown>): Promise<void>;
  delete(serverId: string): Promise<void>;
  /** `persistent`: kept across restarts (protected); `session-only`: forgotten when the app quits. */
  readonly persistence: 'persistent' | 'session-only';
}
