/** The goals for our engine, and whether a run met them. */
import type { ClientFigures } from './figures.js';

export const GOALS = { requestsPerMinimum: 1.05, rssMb: 150, resumeMs: 500, protocolLogCpuOverheadPct: 10 } as const;

/** One verdict per goal; part of the BENCH line. */
export interface GoalVerdicts {
  /** requestsPerMinimum ≤ 1.05. */
  requestsWithinGoal: boolean;
  /**
   * Fewer requests per minimum than the baseline over the whole run (resume included), at a p99
   * poll gap no worse than its own: polling late sends fewer requests too, and that is not a win.
   */
  fewerRequestsThanBaseline: boolean;
  lessCpuThanBaseline: boolean;
  rssWithinGoal: boolean;
  resumeWithinGoal: boolean;
  /** Recording the protocol log adds at most 10 % CPU per 1,000 polls. */
  protocolLogWithinGoal: boolean;
}

/** Judges our figures (protocol log on, and its overhead over off) against the goals and the baseline. */
export function judge(ours: ClientFigures, baseline: ClientFigures, protocolLogCpuOverheadPct: number): GoalVerdicts {
  return {
    requestsWithinGoal: ours.requestsPerMinimum <= GOALS.requestsPerMinimum,
    fewerRequestsThanBaseline: ours.runRequestsPerMinimum < baseline.runRequestsPerMinimum && ours.pollGapP99 <= baseline.pollGapP99,
    lessCpuThanBaseline: ours.cpuMsPer1000Polls < baseline.cpuMsPer1000Polls,
    rssWithinGoal: ours.rssMb <= GOALS.rssMb,
    resumeWithinGoal: ours.resumeMs <= GOALS.resumeMs,
    protocolLogWithinGoal: protocolLogCpuOverheadPct <= GOALS.protocolLogCpuOverheadPct,
  };
}
