/**
 * What the bench hands a client worker and what the worker reports back. Each client runs in
 * its own child process so that `process.cpuUsage()` and peak RSS are that client's alone;
 * the worker gets its setup as one JSON argument and answers with one IPC message.
 */
import type { StdioServerConfig } from '../../shared/server-config.js';

/** The setup of one client run. */
export interface WorkerSetup {
  /** The fixture servers to resume the tasks on (each client spawns its own processes). */
  servers: StdioServerConfig[];
  /** How many tasks the client must resume in total. */
  taskCount: number;
  /** Wait between the end of resuming and the start of the window (the warm-up). */
  settleMs: number;
  /** Length of the measured window. */
  windowMs: number;
  /** The client's folder: the engine's data folder, or the folder of the baseline's references. */
  dataDir: string;
  /** Our engine only: record the protocol log and task exchanges (the engine's default: on). */
  protocolLog?: boolean;
}

/** Task store figures of the measured window (our engine only). */
export interface StoreFigures {
  /** Task updates the engine announced (`onDidUpdateTask`). */
  updates: number;
  writes: number;
  bytesWritten: number;
  /** Mean and longest `TaskStore.save` (the write runs synchronously on the event loop). */
  saveMsMean: number;
  saveMsMax: number;
}

/** What a worker measured. Times are wall-clock ms so they can be matched with server logs. */
export interface WorkerReport {
  /** From the start of resuming until every task is scheduled (see each worker for details). */
  resumeMs: number;
  /** Part of `resumeMs` spent loading what the client resumes from (see each worker). */
  loadMs: number;
  windowStartMs: number;
  windowEndMs: number;
  /** User + system CPU of the worker process during the window. */
  cpuMs: number;
  /** Peak resident set size of the worker process over its whole life. */
  peakRssMb: number;
  /** Event-loop delay during the window: how late timers and I/O callbacks ran. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Tasks the client stopped following or flagged with an error by the end of the window. */
  tasksInError: number;
  store: StoreFigures | null;
  /** Our engine only: MiB its server consoles, protocol logs and task exchanges hold at the window's end. */
  logMb: number | null;
}

/** The setup of the servers-alone run (servers-worker.ts): the same servers, no client. */
export interface ServersSetup {
  servers: StdioServerConfig[];
}

/** What the servers-alone run measured. */
export interface ServersReport {
  /** From spawning the first server until every server answered its `server/discover`. */
  serversStartMs: number;
}

/** Parent → nothing; worker → parent: exactly one of these. */
export type WorkerMessage<R = WorkerReport> = { kind: 'report'; report: R } | { kind: 'error'; message: string };

/**
 * Worker side: reads the setup from argv, runs `measure`, sends its report (or the error) and
 * exits. A worker whose parent went away exits at once, ending its stdio servers with it.
 */
export function serveWorker<S = WorkerSetup, R = WorkerReport>(measure: (setup: S) => Promise<R>): void {
  process.on('disconnect', () => process.exit(1));
  const send = (message: WorkerMessage<R>): Promise<void> =>
    new Promise((resolve) => {
      if (process.send === undefined) throw new Error('A bench worker must be started with an IPC channel.');
      process.send(message, undefined, {}, () => resolve());
    });
  const setup = JSON.parse(process.argv[2] ?? '{}') as S;
  measure(setup)
    .then(
      async (report) => {
        await send({ kind: 'report', report });
        process.exit(0);
      },
      async (error: unknown) => {
        await send({ kind: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) });
        process.exit(1);
      },
    );
}
