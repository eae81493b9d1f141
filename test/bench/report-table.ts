/** The bench's printed table: our engine against the baseline and the goals, run by run. */
import type { ClientFigures } from './figures.js';
import { GOALS, type GoalVerdicts } from './goals.js';

/** What the protocol log cost in one run: our engine with it on (the default) against off. */
export interface ProtocolLogFigures {
  /** CPU per 1,000 polls with the log on over off, minus 1, in percent. */
  protocolLogCpuOverheadPct: number;
  /** MiB the logs held at the window's end. */
  protocolLogMb: number;
  /** The off run's own figures, which the overhead is relative to. */
  protocolLogOffCpuMsPer1000Polls: number;
  protocolLogOffRssMb: number;
}

/** One run's figures: ours (protocol log on), the baseline's, the log's cost, and the verdicts on ours. */
export interface RunResult {
  ours: ClientFigures;
  baseline: ClientFigures;
  protocolLog: ProtocolLogFigures;
  /** The servers alone: spawned by a bare Node process until each answered `server/discover` (ms). */
  serversStartMs: number;
  verdicts: GoalVerdicts;
}

/** One row as one run fills it. */
interface Row {
  label: string;
  ours: string;
  baseline: string;
  goal: string;
  /** Whether our figure meets the goal; undefined for rows without one. */
  met?: boolean;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function megabytes(bytes: number): string {
  return decimal.format(bytes / 1e6);
}

function ratio(value: number): string {
  return value.toFixed(3);
}

/** Shows a null figure as "n/a" with a note marker. */
function orNote(value: number | null, format: (value: number) => string, note: string): string {
  return value === null ? `n/a ${note}` : format(value);
}

function rows({ ours, baseline, protocolLog, serversStartMs, verdicts }: RunResult): Row[] {
  const noStore = '(1)';
  return [
    {
      label: 'requests ÷ minimum',
      ours: ratio(ours.requestsPerMinimum),
      baseline: ratio(baseline.requestsPerMinimum),
      goal: `≤ ${GOALS.requestsPerMinimum}`,
      met: verdicts.requestsWithinGoal,
    },
    {
      label: '  whole run, resume included',
      ours: ratio(ours.runRequestsPerMinimum),
      baseline: ratio(baseline.runRequestsPerMinimum),
      goal: '',
    },
    {
      label: '  fewer than baseline, no later (2)',
      ours: `${ours.runRequestsPerMinimum <= baseline.runRequestsPerMinimum ? '' : '+'}${(100 * (ours.runRequestsPerMinimum / baseline.runRequestsPerMinimum - 1)).toFixed(1)} %`,
      baseline: '',
      goal: '< 0 %, p99 gap ≤ baseline',
      met: verdicts.fewerRequestsThanBaseline,
    },
    {
      label: '  tasks/get in window / minimum',
      ours: `${integer.format(ours.requests)} / ${integer.format(ours.minimumRequests)}`,
      baseline: `${integer.format(baseline.requests)} / ${integer.format(baseline.minimumRequests)}`,
      goal: '',
    },
    {
      label: '  tasks polled in window',
      ours: integer.format(ours.tasksPolled),
      baseline: integer.format(baseline.tasksPolled),
      goal: 'all',
    },
    {
      label: '  poll gap ÷ interval p1/p50/p99',
      ours: `${ratio(ours.pollGapP1)} / ${ratio(ours.pollGapP50)} / ${ratio(ours.pollGapP99)}`,
      baseline: `${ratio(baseline.pollGapP1)} / ${ratio(baseline.pollGapP50)} / ${ratio(baseline.pollGapP99)}`,
      goal: '≥ 1.0 (not early)',
    },
    {
      label: 'CPU ms per 1,000 polls',
      ours: decimal.format(ours.cpuMsPer1000Polls),
      baseline: decimal.format(baseline.cpuMsPer1000Polls),
      goal: 'below baseline',
      met: verdicts.lessCpuThanBaseline,
    },
    {
      label: 'peak RSS (MB)',
      ours: decimal.format(ours.rssMb),
      baseline: decimal.format(baseline.rssMb),
      goal: `≤ ${GOALS.rssMb}`,
      met: verdicts.rssWithinGoal,
    },
    {
      label: 'resume (ms)',
      ours: decimal.format(ours.resumeMs),
      baseline: decimal.format(baseline.resumeMs),
      goal: `≤ ${integer.format(GOALS.resumeMs)}`,
      met: verdicts.resumeWithinGoal,
    },
    {
      label: '  of which loading the store',
      ours: decimal.format(ours.loadMs),
      baseline: decimal.format(baseline.loadMs),
      goal: '',
    },
    {
      label: '  the servers alone, no client (3)',
      ours: decimal.format(serversStartMs),
      baseline: '',
      goal: '',
    },
    {
      label: 'MB written per 1,000 updates',
      ours: orNote(ours.bytesWrittenPer1000Updates, megabytes, noStore),
      baseline: orNote(baseline.bytesWrittenPer1000Updates, megabytes, noStore),
      goal: '',
    },
    {
      label: '  task updates / store writes',
      ours: `${orNote(ours.updates, integer.format, noStore)} / ${orNote(ours.storeWrites, integer.format, noStore)}`,
      baseline: orNote(baseline.updates, integer.format, noStore),
      goal: '',
    },
    {
      label: '  store save ms mean / max',
      ours: `${orNote(ours.storeSaveMsMean, decimal.format, noStore)} / ${orNote(ours.storeSaveMsMax, decimal.format, noStore)}`,
      baseline: orNote(baseline.storeSaveMsMean, decimal.format, noStore),
      goal: '',
    },
    {
      label: 'event-loop delay p99 / max (ms)',
      ours: `${decimal.format(ours.loopDelayP99Ms)} / ${decimal.format(ours.loopDelayMaxMs)}`,
      baseline: `${decimal.format(baseline.loopDelayP99Ms)} / ${decimal.format(baseline.loopDelayMaxMs)}`,
      goal: '',
    },
    {
      label: 'tasks stopped or in error',
      ours: integer.format(ours.tasksInError),
      baseline: integer.format(baseline.tasksInError),
      goal: '0',
      met: ours.tasksInError === 0,
    },
    {
      label: 'protocol log: CPU over log off',
      ours: `${decimal.format(protocolLog.protocolLogCpuOverheadPct)} %`,
      baseline: '',
      goal: `≤ ${GOALS.protocolLogCpuOverheadPct} %`,
      met: verdicts.protocolLogWithinGoal,
    },
    {
      label: '  log off: CPU ms per 1,000 polls / RSS',
      ours: `${decimal.format(protocolLog.protocolLogOffCpuMsPer1000Polls)} / ${decimal.format(protocolLog.protocolLogOffRssMb)}`,
      baseline: '',
      goal: '',
    },
    {
      label: '  MiB held at the window end',
      ours: decimal.format(protocolLog.protocolLogMb),
      baseline: '',
      goal: '',
    },
  ];
}

/**
 * The table as text lines, with the notes under it: per figure our value in each run, then the
 * baseline's in each run, the goal, and whether every run met it (naming the runs that did not).
 */
export function renderTable(runs: readonly RunResult[]): string[] {
  const filled = runs.map(rows);
  const numbered = (name: string, index: number): string => (runs.length === 1 ? name : `${name} #${index + 1}`);
  const header = ['figure', ...runs.map((_, index) => numbered('ours', index)), ...runs.map((_, index) => numbered('ext-tasks 0.2.2', index)), 'goal (ours)'];
  const body = filled[0]!.map((row, at) => {
    const cells = [row.label, ...filled.map((run) => run[at]!.ours), ...filled.map((run) => run[at]!.baseline), row.goal];
    if (row.met === undefined) return { cells, mark: '' };
    const missed = filled.flatMap((run, index) => (run[at]!.met === true ? [] : [index + 1]));
    const mark = missed.length === 0 ? '  met' : runs.length === 1 ? '  NOT met' : `  NOT met (run ${missed.join(', ')})`;
    return { cells, mark };
  });
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((row) => row.cells[column]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const rule = '-'.repeat(widths.reduce((sum, value) => sum + value, 0) + 2 * (widths.length - 1));
  return [
    line(header),
    rule,
    ...body.map((row) => line(row.cells) + row.mark),
    rule,
    '(1) ext-tasks persists nothing: an application keeps the task references itself (here a',
    '    references file read once at resume), so store figures do not apply to it.',
    '(2) our whole-run requests ÷ minimum relative to the baseline\'s; polling late also sends fewer requests,',
    '    so it counts as a win only at a p99 poll gap no worse than the baseline\'s.',
    '(3) the same servers started by a bare Node process, each sent server/discover once, until every one',
    '    answered: no client resumes before its servers answer (ext-tasks starts each server twice).',
  ];
}
