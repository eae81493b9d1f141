/**
 * Reads the request logs the fixture servers of one client run left behind and cuts the
 * measured window out of them: the server side of every figure about requests.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestLogFile } from './request-log.js';

/** The servers' view of one client run. */
export interface PollSummary {
  /** `tasks/get` requests that arrived within the window. */
  requests: number;
  /** Distinct tasks polled at least once within the window. */
  tasksPolled: number;
  /** Gap between consecutive polls of a task ÷ its interval, over the window's polls. */
  gapRatioP1: number;
  gapRatioP50: number;
  gapRatioP99: number;
  /** Messages by method over the whole run, summed over all server processes (probes included). */
  methods: Record<string, number>;
  /** Error responses by `"<method> <code>"` over the whole run. */
  errors: Record<string, number>;
  /** Seeds of the servers whose log holds at least one `tasks/get`. */
  seedsPolled: Set<string>;
}

/** Every request log in `statsDir` (one per server process, probe siblings included). */
export function readRequestLogs(statsDir: string): RequestLogFile[] {
  return readdirSync(statsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(statsDir, name), 'utf8')) as RequestLogFile);
}

/** Nearest-rank percentile of ascending `sorted` (NaN when empty). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
}

/** Summarizes `logs` for the window [`startMs`, `endMs`). */
export function summarizeWindow(logs: readonly RequestLogFile[], startMs: number, endMs: number): PollSummary {
  const methods: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const polled = new Set<string>();
  const seedsPolled = new Set<string>();
  const gaps: number[] = [];
  let requests = 0;
  for (const log of logs) {
    addCounts(methods, log.methods);
    addCounts(errors, log.errors);
    const { at, taskIndex, gapRatio } = log.polls;
    if (at.length > 0) seedsPolled.add(log.seed);
    for (let i = 0; i < at.length; i += 1) {
      const arrived = at[i]!;
      if (arrived < startMs || arrived >= endMs) continue;
      requests += 1;
      polled.add(`${log.seed}#${taskIndex[i]}`);
      const gap = gapRatio[i]!;
      if (gap >= 0) gaps.push(gap);
    }
  }
  gaps.sort((a, b) => a - b);
  return {
    requests,
    tasksPolled: polled.size,
    gapRatioP1: percentile(gaps, 0.01),
    gapRatioP50: percentile(gaps, 0.5),
    gapRatioP99: percentile(gaps, 0.99),
    methods,
    errors,
    seedsPolled,
  };
}
