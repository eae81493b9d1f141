/**
 * The bench's figures for one client: a worker's own measurements joined with what its
 * servers counted. A figure that does not apply to a client is `null`, never a stand-in value.
 */
import type { PollSummary } from './poll-summary.js';
import type { WorkerReport } from './worker-protocol.js';

/** The figures of one client, as they appear in the BENCH line. */
export interface ClientFigures {
  /** `tasks/get` in the window ÷ the minimum the intervals allow (goal ≤ 1.05). */
  requestsPerMinimum: number;
  requests: number;
  minimumRequests: number;
  /**
   * The same ratio over the whole run, from the start of resuming to the window's end: what
   * resuming costs the servers counts too (a client that re-reads every task at start-up pays).
   */
  runRequestsPerMinimum: number;
  /** Distinct tasks polled in the window (every task should be). */
  tasksPolled: number;
  /** Gap between consecutive polls of a task ÷ its interval: 1 on cadence, < 1 early, > 1 late. */
  pollGapP1: number;
  pollGapP50: number;
  pollGapP99: number;
  /** Client process CPU (user + system) in the window per 1,000 `tasks/get`. */
  cpuMsPer1000Polls: number;
  /** Peak RSS of the client process (goal ≤ 150). */
  rssMb: number;
  /** Load and schedule every persisted task (goal ≤ 500); see the workers for exact bounds. */
  resumeMs: number;
  loadMs: number;
  /** Task-store bytes written per 1,000 task updates in the window; null without a store or updates. */
  bytesWrittenPer1000Updates: number | null;
  updates: number | null;
  storeWrites: number | null;
  storeSaveMsMean: number | null;
  storeSaveMsMax: number | null;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  tasksInError: number;
  windowMs: number;
}

/** `value` rounded to `digits` decimals, as the figures are reported. */
export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * Joins a worker's report with its servers' summaries; each minimum is for the same span as its
 * summary (`run` spans from the start of resuming to the window's end).
 */
export function clientFigures(
  report: WorkerReport,
  summary: PollSummary,
  minimumRequests: number,
  run: { summary: PollSummary; minimumRequests: number },
): ClientFigures {
  const { store } = report;
  return {
    requestsPerMinimum: round(summary.requests / minimumRequests, 4),
    runRequestsPerMinimum: round(run.summary.requests / run.minimumRequests, 4),
    requests: summary.requests,
    minimumRequests: round(minimumRequests, 1),
    tasksPolled: summary.tasksPolled,
    pollGapP1: round(summary.gapRatioP1, 3),
    pollGapP50: round(summary.gapRatioP50, 3),
    pollGapP99: round(summary.gapRatioP99, 3),
    cpuMsPer1000Polls: round((report.cpuMs / summary.requests) * 1_000, 1),
    rssMb: round(report.peakRssMb, 1),
    resumeMs: round(report.resumeMs, 1),
    loadMs: round(report.loadMs, 1),
    bytesWrittenPer1000Updates: store === null || store.updates === 0 ? null : Math.round((store.bytesWritten / store.updates) * 1_000),
    updates: store?.updates ?? null,
    storeWrites: store?.writes ?? null,
    storeSaveMsMean: store === null ? null : round(store.saveMsMean, 1),
    storeSaveMsMax: store === null ? null : round(store.saveMsMax, 1),
    loopDelayP99Ms: round(report.loopDelayP99Ms, 1),
    loopDelayMaxMs: round(report.loopDelayMaxMs, 1),
    tasksInError: report.tasksInError,
    windowMs: report.windowEndMs - report.windowStartMs,
  };
}
