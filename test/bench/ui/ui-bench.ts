/**
 * `npm run bench:ui`: the inbox in Chromium, through browser mode, with 10,000 tasks and about
 * 1,000 task updates a second: the engine bench's fixture servers (10 × 1,000 seeded working
 * tasks, each status message changing every 10 s) run over stdio as operator servers of an
 * in-process `startBrowserServer`, whose data folder holds their pre-written tasks.json; the
 * page is measured from the inside (page-probe.ts defines the figures), in Chromium driven over a
 * bare DevTools pipe (cdp-browser.ts says why not Playwright). Each run loads the page
 * twice: once on a quiet machine and once with a busy-loop process on the other core
 * (cpu-load.ts), the `loaded*` figures. Flags: --runs (3), --tasks (10000), --servers (10),
 * --window-s (10), --settle-s (3), --seed. Prints one table with every run side by side, a
 * `RUN {json}` line per run and last `BENCH {json}` (the median of the runs, every run's figures
 * under `runs`, and whether every run met each goal); the exit code is non-zero when the run
 * fails (a goal not met is a result, not a failure).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDemoServers } from '../../../electron/demo-server/default-servers.js';
import { SERVER_FILE, SERVER_FILE_VERSION } from '../../../electron/host/server-file.js';
import { createConsoleLogger } from '../../../electron/node/console-logger.js';
import { startBrowserServer } from '../../../electron/serve/browser-server.js';
import { planServers, serverConfigs } from '../bench-plan.js';
import { buildForNode } from '../node-build.js';
import { writeEngineStore } from '../resume-stores.js';
import { startCpuLoad } from './cpu-load.js';
import { launchCdpBrowser, type CdpBrowser } from './cdp-browser.js';
import { buildRenderer, runProgram, sleep, type Cleanup } from './harness.js';
import { probeScript, type FirstPaintProbe, type WindowProbe } from './page-probe.js';

const GOAL_FIRST_PAINT_MS = 200;
const GOAL_BUSY_PCT = 25;
const GOAL_INITIAL_JS_KB = 300;
const GOAL_LONG_TASK_MS = 50;
/** Rows updated less than this before the final check may legitimately still be waiting for their frame. */
const STALE_GRACE_MS = 250;

interface Options {
  runs: number;
  taskCount: number;
  serverCount: number;
  windowS: number;
  settleS: number;
  seed: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      tasks: { type: 'string', default: '10000' },
      servers: { type: 'string', default: '10' },
      'window-s': { type: 'string', default: '10' },
      'settle-s': { type: 'string', default: '3' },
      seed: { type: 'string', default: 'ui-bench' },
    },
  });
  const options = {
    runs: Number(values.runs),
    taskCount: Number(values.tasks),
    serverCount: Number(values.servers),
    windowS: Number(values['window-s']),
    settleS: Number(values['settle-s']),
    seed: values.seed,
  };
  if (!Number.isInteger(options.runs) || options.runs < 1 || !Number.isInteger(options.taskCount) || options.taskCount < 1 || !Number.isInteger(options.serverCount) || options.serverCount < 1
    || !(options.windowS > 0) || !(options.settleS >= 0)) {
    throw new Error('usage: ui-bench [--runs N] [--tasks N] [--servers N] [--window-s S] [--settle-s S] [--seed S]');
  }
  return options;
}

type PerfMetrics = Record<string, number>;

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** What one page load measured, and the details worth printing beside the figures. */
interface PageMeasurement {
  figures: {
    firstPaintMs: number;
    answerToPaintMs: number;
    initialJsKb: number;
    initialScripts: number;
    longTasksOver50ms: number;
    maxLongTaskMs: number;
    mainThreadBusyPct: number;
    scriptMs: number;
    layoutMs: number;
    styleMs: number;
    updatesApplied: number;
    updatesPerSecond: number;
    statusMessageChanges: number;
    distinctTasksUpdated: number;
    updateFrames: number;
    staleRows: number;
    rowsChecked: number;
    longTasks: number;
    longTaskTotalMs: number;
    longAnimationFrames: number;
    fps: number;
    rowMutations: number;
    hostCpuPct: number;
    listToRowsCommitMs: number;
    listToNextTaskAfterPaintMs: number;
    firstAnswerMs: number;
    listRoundTripMs: number;
    listBytes: number;
    pageErrors: number;
  };
  rowsAtPaint: number;
  countText: string;
  longTasksOver50: string[];
  staleExamples: string[];
  pageErrors: string[];
}

/** Loads the inbox in a fresh page, measures its first paint, then the update window. */
async function measurePage(browser: CdpBrowser, url: string, options: Options): Promise<PageMeasurement> {
  const page = await browser.openPage({ url, width: 1280, height: 800, colorScheme: 'light', initScript: probeScript(options.taskCount) });
  try {
    // (a) From the tasks:list answer reaching the page to the first paint of the full list.
    if (!(await page.evaluate<boolean>("typeof PerformanceElementTiming !== 'undefined'"))) throw new Error('this Chromium has no Element Timing: the probe cannot see the first paint');
    await page.waitFor('window.__uiBench !== undefined && window.__uiBench.firstFullPaintAt !== null && window.__uiBench.nextTaskAfterPaintAt !== null && window.__uiBench.listArrivedAt !== null', 60_000);
    const paint = await page.evaluate<FirstPaintProbe>('window.__uiBench.firstPaint()');
    if (paint.listSentAt === null || paint.firstAnswerAt === null || paint.listArrivedAt === null || paint.firstFullPaintAt === null || paint.rowsCommittedAt === null || paint.nextTaskAfterPaintAt === null) {
      throw new Error('the probe saw no request or answer for the tasks, or no paint');
    }

    // (b) The update window: opens after the load settled, lasts --window-s.
    await sleep(options.settleS * 1000);
    const before: PerfMetrics = await page.metrics();
    const hostCpuBefore = process.cpuUsage();
    await page.evaluate('window.__uiBench.startWindow()');
    await sleep(options.windowS * 1000);
    await page.evaluate('window.__uiBench.stopWindow()');
    const hostCpu = process.cpuUsage(hostCpuBefore);
    const after: PerfMetrics = await page.metrics();
    await sleep(STALE_GRACE_MS + 100);
    const win = await page.evaluate<WindowProbe>(`window.__uiBench.analyzeWindow(${STALE_GRACE_MS})`);
    const pageErrors = [...page.pageErrors];
    // The probe reads the summaries by their field names: a rename it missed would leave every row unchecked.
    if (win.rowsChecked === 0) throw new Error("the probe matched none of the rows to the updates it saw: does it read the summaries' ids (localId)?");

    const windowMs = win.windowEnd - win.windowStart;
    const over50 = win.longTasks.filter((task) => task.duration > GOAL_LONG_TASK_MS);
    const delta = (name: string): number => (after[name] ?? 0) - (before[name] ?? 0);
    return {
      figures: {
        firstPaintMs: round(paint.firstFullPaintAt - paint.listSentAt),
        answerToPaintMs: round(paint.firstFullPaintAt - paint.firstAnswerAt),
        initialJsKb: round(paint.scriptBytesBeforePaint / 1000),
        initialScripts: paint.scriptsBeforePaint,
        longTasksOver50ms: over50.length,
        maxLongTaskMs: round(win.longTasks.reduce((max, task) => Math.max(max, task.duration), 0)),
        mainThreadBusyPct: round((delta('TaskDuration') * 1000 / windowMs) * 100),
        scriptMs: round(delta('ScriptDuration') * 1000),
        layoutMs: round(delta('LayoutDuration') * 1000),
        styleMs: round(delta('RecalcStyleDuration') * 1000),
        updatesApplied: win.updatesReceived,
        updatesPerSecond: round(win.updatesReceived / (windowMs / 1000)),
        statusMessageChanges: win.statusMessageChanges,
        distinctTasksUpdated: win.distinctTasks,
        updateFrames: win.updateFrames,
        staleRows: win.staleRows,
        rowsChecked: win.rowsChecked,
        longTasks: win.longTasks.length,
        longTaskTotalMs: round(win.longTasks.reduce((sum, task) => sum + task.duration, 0)),
        longAnimationFrames: win.longAnimationFrames.length,
        fps: round(win.animationFrames / (windowMs / 1000)),
        rowMutations: win.rowMutations,
        hostCpuPct: round(((hostCpu.user + hostCpu.system) / 1000 / windowMs) * 100),
        listToRowsCommitMs: round(paint.rowsCommittedAt - paint.firstAnswerAt),
        listToNextTaskAfterPaintMs: round(paint.nextTaskAfterPaintAt - paint.firstAnswerAt),
        firstAnswerMs: round(paint.firstAnswerAt - paint.listSentAt),
        listRoundTripMs: round(paint.listArrivedAt - paint.listSentAt),
        listBytes: paint.listBytes,
        pageErrors: pageErrors.length,
      },
      rowsAtPaint: paint.rowsAtPaint,
      countText: paint.countText,
      longTasksOver50: over50.map((task) => `${round(task.duration)} ms @ ${round((task.startTime - win.windowStart) / 1000, 2)} s`),
      staleExamples: win.staleExamples,
      pageErrors,
    };
  } finally {
    await page.close();
  }
}

/** One run: the quiet page, then the same page with the other core busy. */
interface Run {
  quiet: PageMeasurement;
  loaded: PageMeasurement;
}

/** The figures of one run as the `RUN`/`BENCH` lines name them. */
function runFigures({ quiet, loaded }: Run) {
  return {
    ...quiet.figures,
    loadedMainThreadBusyPct: loaded.figures.mainThreadBusyPct,
    loadedLongTasksOver50ms: loaded.figures.longTasksOver50ms,
    loadedMaxLongTaskMs: loaded.figures.maxLongTaskMs,
    loadedFirstPaintMs: loaded.figures.firstPaintMs,
    loadedUpdatesPerSecond: loaded.figures.updatesPerSecond,
    loadedStaleRows: loaded.figures.staleRows,
    loadedPageErrors: loaded.figures.pageErrors,
  };
}
type RunFigures = ReturnType<typeof runFigures>;

/** Whether one run met each goal of the issue. */
function goalsOf(figures: RunFigures) {
  return {
    firstPaint: figures.firstPaintMs <= GOAL_FIRST_PAINT_MS,
    initialJs: figures.initialJsKb <= GOAL_INITIAL_JS_KB,
    quietBusy: figures.mainThreadBusyPct <= GOAL_BUSY_PCT,
    quietNoLongTaskOver50ms: figures.longTasksOver50ms === 0,
    loadedBusy: figures.loadedMainThreadBusyPct <= GOAL_BUSY_PCT,
    loadedNoLongTaskOver50ms: figures.loadedLongTasksOver50ms === 0,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Per figure, the median over the runs. */
function medians(runs: readonly RunFigures[]): Record<string, number> {
  return Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((run) => run[key as keyof RunFigures]))]));
}

/** The table rows: a label, a value per run, the goal. */
function tableRows(runs: readonly Run[]): string[][] {
  const each = (pick: (run: Run) => string): string[] => runs.map(pick);
  const q = (run: Run) => run.quiet.figures;
  const l = (run: Run) => run.loaded.figures;
  return [
    ['first full paint of the list (first request for the tasks → frame presented)', ...each((run) => `${q(run).firstPaintMs} ms`), `≤ ${GOAL_FIRST_PAINT_MS} ms`],
    ['  of which: request → first answer (tasks:head) in page', ...each((run) => `${q(run).firstAnswerMs} ms`), ''],
    ['  first answer → frame presented', ...each((run) => `${q(run).answerToPaintMs} ms`), ''],
    ['  first answer → rows committed (parse, check, render)', ...each((run) => `${q(run).listToRowsCommitMs} ms`), ''],
    ['  first answer → first task after that frame (the earlier measure)', ...each((run) => `${q(run).listToNextTaskAfterPaintMs} ms`), ''],
    ['  whole list (tasks:list) in page, from the first request / its size', ...each((run) => `${q(run).listRoundTripMs} ms / ${(q(run).listBytes / 1e6).toFixed(2)} MB`), ''],
    ['  rows in the DOM at paint / count shown', ...each((run) => `${run.quiet.rowsAtPaint} / "${run.quiet.countText}"`), ''],
    ['JavaScript fetched before that paint (minified) / files', ...each((run) => `${q(run).initialJsKb} kB / ${q(run).initialScripts}`), `≤ ${GOAL_INITIAL_JS_KB} kB`],
    ['quiet: main thread busy during the burst (CDP TaskDuration)', ...each((run) => `${q(run).mainThreadBusyPct} %`), `≤ ${GOAL_BUSY_PCT} %`],
    ['quiet: long tasks > 50 ms / longest', ...each((run) => `${q(run).longTasksOver50ms} / ${q(run).maxLongTaskMs} ms`), '0'],
    ['quiet: script / layout / style', ...each((run) => `${q(run).scriptMs} / ${q(run).layoutMs} / ${q(run).styleMs} ms`), ''],
    ['loaded: main thread busy during the burst', ...each((run) => `${l(run).mainThreadBusyPct} %`), `≤ ${GOAL_BUSY_PCT} %`],
    ['loaded: long tasks > 50 ms / longest', ...each((run) => `${l(run).longTasksOver50ms} / ${l(run).maxLongTaskMs} ms`), '0'],
    ['loaded: script / layout / style', ...each((run) => `${l(run).scriptMs} / ${l(run).layoutMs} / ${l(run).styleMs} ms`), ''],
    ['task updates reached the page, quiet / loaded', ...each((run) => `${q(run).updatesPerSecond}/s / ${l(run).updatesPerSecond}/s`), '≈ 1,000/s'],
    ['  of which changed the status message / distinct tasks (quiet)', ...each((run) => `${q(run).statusMessageChanges} / ${q(run).distinctTasksUpdated}`), ''],
    [`rows showing an older message than received > ${STALE_GRACE_MS} ms before, quiet / loaded`, ...each((run) => `${q(run).staleRows} / ${l(run).staleRows} of ${q(run).rowsChecked}`), '0'],
    ['frames per second, quiet / loaded', ...each((run) => `${q(run).fps} / ${l(run).fps}`), '60'],
    ['DOM mutation records in task-list (quiet)', ...each((run) => String(q(run).rowMutations)), ''],
    ['host process CPU (engine + browser-mode server, quiet)', ...each((run) => `${q(run).hostCpuPct} % of a core`), ''],
    ['page errors, quiet / loaded', ...each((run) => `${q(run).pageErrors} / ${l(run).pageErrors}`), '0'],
  ];
}

function printTable(rows: readonly string[][], runCount: number): void {
  const head = ['figure', ...Array.from({ length: runCount }, (_, index) => `run ${index + 1}`), 'goal'];
  const widths = head.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  console.log(line(head));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

async function main(cleanup: Cleanup): Promise<void> {
  const options = readOptions();
  const root = mkdtempSync(join(tmpdir(), 'mtm-ui-bench-'));
  cleanup.add('remove temp folder', () => rmSync(root, { recursive: true, force: true }));

  process.stderr.write('building the renderer…\n');
  buildRenderer();
  const [fixture] = buildForNode(join(root, 'build'), [fileURLToPath(new URL('../fixture-server.ts', import.meta.url))]);

  // The data folder: the engine's task store with every fixture task (as if the app had been
  // stopped a moment ago), and an empty server list so that only the fixture servers run.
  const plan = planServers(options.seed, options.taskCount, options.serverCount);
  const epochMs = Date.now();
  const dataDir = join(root, 'data');
  const statsDir = join(root, 'stats');
  mkdirSync(statsDir, { recursive: true });
  writeEngineStore(dataDir, plan, epochMs, Date.now(), 2);
  writeFileSync(join(dataDir, SERVER_FILE), JSON.stringify({ schemaVersion: SERVER_FILE_VERSION, servers: [] }), { mode: 0o600 });
  const configuredServers = serverConfigs(plan, fixture!, epochMs, statsDir).map((config) => ({ config, origin: 'command-line' as const }));

  process.stderr.write(`starting browser mode with ${options.taskCount} tasks on ${options.serverCount} fixture servers…\n`);
  const server = await startBrowserServer({ dataDir, defaultServers: defaultDemoServers(), configuredServers, logger: createConsoleLogger('warn') });
  cleanup.add('stop browser mode', () => server.close());
  const browser = launchCdpBrowser();
  cleanup.add('close Chromium', () => browser.close());

  const runs: Run[] = [];
  for (let index = 1; index <= options.runs; index += 1) {
    process.stderr.write(`run ${index}/${options.runs}: quiet…\n`);
    const quiet = await measurePage(browser, server.url, options);
    const load = await startCpuLoad();
    cleanup.add('stop the CPU load', load.stop);
    process.stderr.write(`run ${index}/${options.runs}: loaded (busy loop ${load.pinnedToCore === null ? 'unpinned' : `on core ${load.pinnedToCore}`})…\n`);
    const loaded = await measurePage(browser, server.url, options).finally(load.stop);
    const run = { quiet, loaded };
    runs.push(run);
    console.log(`RUN ${JSON.stringify({ run: index, ...runFigures(run), goalsMet: goalsOf(runFigures(run)) })}`);
  }

  printTable(tableRows(runs), runs.length);
  runs.forEach((run, index) => {
    for (const [label, measurement] of [['quiet', run.quiet], ['loaded', run.loaded]] as const) {
      if (measurement.longTasksOver50.length > 0) console.log(`run ${index + 1} ${label}: long tasks > ${GOAL_LONG_TASK_MS} ms (into the window): ${measurement.longTasksOver50.join(', ')}`);
      if (measurement.staleExamples.length > 0) console.log(`run ${index + 1} ${label}: stale rows, e.g.: ${measurement.staleExamples.join('; ')}`);
      if (measurement.pageErrors.length > 0) console.log(`run ${index + 1} ${label}: page errors: ${measurement.pageErrors.slice(0, 3).join(' | ')}`);
    }
  });
  const all = runs.map(runFigures);
  const goals = all.map(goalsOf);
  const goalsMet = Object.fromEntries(Object.keys(goals[0]!).map((key) => [key, goals.every((goal) => goal[key as keyof typeof goal])]));
  console.log(`BENCH ${JSON.stringify({ ...medians(all), runCount: runs.length, goalsMet, runs: all })}`);
}

runProgram(main);
