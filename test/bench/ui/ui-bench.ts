/**
 * `npm run bench:ui`: the inbox in Chromium, through browser mode, with 10,000 tasks and about
 * 1,000 task updates a second: the engine bench's fixture servers (10 × 1,000 seeded working
 * tasks, each status message changing every 10 s) run over stdio as operator servers of an
 * in-process `startBrowserServer`, whose data folder holds their pre-written tasks.json; the
 * page is measured from the inside (page-probe.ts defines the figures). Flags: --tasks (10000), --servers (10), --window-s (10), --settle-s (3), --seed.
 * The last line is `BENCH {json}`; the exit code is non-zero when the run fails (a goal not met
 * is a result, not a failure).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createConsoleLogger } from '../../../electron/engine/console-logger.js';
import { SERVER_FILE, SERVER_FILE_VERSION } from '../../../electron/host/server-file.js';
import { startBrowserServer } from '../../../electron/serve/browser-server.js';
import { launchChromium } from '../../e2e/browser.js';
import { planServers, serverConfigs } from '../bench-plan.js';
import { buildForNode } from '../node-build.js';
import { writeEngineStore } from '../resume-stores.js';
import { buildRenderer, runProgram, sleep, type Cleanup } from './harness.js';
import { probeScript, type FirstPaintProbe, type WindowProbe } from './page-probe.js';

const GOAL_FIRST_PAINT_MS = 300;
const GOAL_LONG_TASK_MS = 50;
/** Rows updated less than this before the final check may legitimately still be waiting for their frame. */
const STALE_GRACE_MS = 250;

interface Options {
  taskCount: number;
  serverCount: number;
  windowS: number;
  settleS: number;
  seed: string;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string', default: '10000' },
      servers: { type: 'string', default: '10' },
      'window-s': { type: 'string', default: '10' },
      'settle-s': { type: 'string', default: '3' },
      seed: { type: 'string', default: 'ui-bench' },
    },
  });
  const options = {
    taskCount: Number(values.tasks),
    serverCount: Number(values.servers),
    windowS: Number(values['window-s']),
    settleS: Number(values['settle-s']),
    seed: values.seed,
  };
  if (!Number.isInteger(options.taskCount) || options.taskCount < 1 || !Number.isInteger(options.serverCount) || options.serverCount < 1
    || !(options.windowS > 0) || !(options.settleS >= 0)) {
    throw new Error('usage: ui-bench [--tasks N] [--servers N] [--window-s S] [--settle-s S] [--seed S]');
  }
  return options;
}

type PerfMetrics = Record<string, number>;

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

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
  const hostStart = performance.now();
  const server = await startBrowserServer({ dataDir, configuredServers, logger: createConsoleLogger('warn') });
  cleanup.add('stop browser mode', () => server.close());
  const hostStartMs = performance.now() - hostStart;

  const browser = await launchChromium();
  cleanup.add('close Chromium', () => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.addInitScript({ content: probeScript(options.taskCount) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  // (a) From the tasks:list answer reaching the page to the first paint of the full list.
  await page.goto(server.url);
  await page.waitForFunction(() => (globalThis as unknown as { __uiBench: { firstFullPaintAt: number | null } }).__uiBench.firstFullPaintAt !== null, undefined, { timeout: 60_000, polling: 100 });
  const paint = await page.evaluate(() => (globalThis as unknown as { __uiBench: { firstPaint: () => FirstPaintProbe } }).__uiBench.firstPaint());
  if (paint.listArrivedAt === null || paint.firstFullPaintAt === null || paint.rowsCommittedAt === null) throw new Error('the probe saw no tasks:list answer or no paint');
  const firstPaintMs = paint.firstFullPaintAt - paint.listArrivedAt;

  // (b) The update window: opens after the load settled, lasts --window-s.
  await sleep(options.settleS * 1000);
  const metrics = async (): Promise<PerfMetrics> => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(list.map(({ name, value }) => [name, value]));
  };
  const before = await metrics();
  const hostCpuBefore = process.cpuUsage();
  await page.evaluate(() => (globalThis as unknown as { __uiBench: { startWindow: () => void } }).__uiBench.startWindow());
  await sleep(options.windowS * 1000);
  await page.evaluate(() => (globalThis as unknown as { __uiBench: { stopWindow: () => void } }).__uiBench.stopWindow());
  const hostCpu = process.cpuUsage(hostCpuBefore);
  const after = await metrics();
  await sleep(STALE_GRACE_MS + 100);
  const win = await page.evaluate((grace) => (globalThis as unknown as { __uiBench: { analyzeWindow: (g: number) => WindowProbe } }).__uiBench.analyzeWindow(grace), STALE_GRACE_MS);

  const windowMs = win.windowEnd - win.windowStart;
  const over50 = win.longTasks.filter((task) => task.duration > GOAL_LONG_TASK_MS);
  const maxLongTaskMs = win.longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
  const longTaskTotalMs = win.longTasks.reduce((sum, task) => sum + task.duration, 0);
  const delta = (name: string): number => (after[name] ?? 0) - (before[name] ?? 0);
  const mainThreadBusyPct = (delta('TaskDuration') * 1000 / windowMs) * 100;
  const figures = {
    firstPaintMs: round(firstPaintMs),
    longTasksOver50ms: over50.length,
    maxLongTaskMs: round(maxLongTaskMs),
    updatesApplied: win.updatesReceived,
    updatesPerSecond: round(win.updatesReceived / (windowMs / 1000)),
    statusMessageChanges: win.statusMessageChanges,
    distinctTasksUpdated: win.distinctTasks,
    updateFrames: win.updateFrames,
    staleRows: win.staleRows,
    rowsChecked: win.rowsChecked,
    longTasks: win.longTasks.length,
    longTaskTotalMs: round(longTaskTotalMs),
    longAnimationFrames: win.longAnimationFrames.length,
    fps: round(win.animationFrames / (windowMs / 1000)),
    rowMutations: win.rowMutations,
    mainThreadBusyPct: round(mainThreadBusyPct),
    scriptMs: round(delta('ScriptDuration') * 1000),
    layoutMs: round(delta('LayoutDuration') * 1000),
    styleMs: round(delta('RecalcStyleDuration') * 1000),
    hostCpuPct: round(((hostCpu.user + hostCpu.system) / 1000 / windowMs) * 100),
    listToRowsCommitMs: round(paint.rowsCommittedAt - paint.listArrivedAt),
    listRoundTripMs: paint.listSentAt === null ? null : round(paint.listArrivedAt - paint.listSentAt),
    listBytes: paint.listBytes,
    loafEndMs: paint.loafEndAt === null ? null : round(paint.loafEndAt - paint.listArrivedAt),
    hostStartMs: round(hostStartMs),
    windowMs: round(windowMs),
    pageErrors: pageErrors.length,
  };

  const rows: [string, string, string][] = [
    ['first full paint of the list (tasks:list answer in page → paint)', `${figures.firstPaintMs} ms`, `≤ ${GOAL_FIRST_PAINT_MS} ms ${firstPaintMs <= GOAL_FIRST_PAINT_MS ? 'met' : 'NOT met'}`],
    ['  of which: answer → rows committed (parse, cache, render)', `${figures.listToRowsCommitMs} ms`, ''],
    ['  long animation frame of the commit ends (cross-check)', figures.loafEndMs === null ? 'n/a' : `${figures.loafEndMs} ms`, ''],
    ['  tasks:list request → answer in page / answer size', `${String(figures.listRoundTripMs)} ms / ${(figures.listBytes / 1e6).toFixed(2)} MB`, ''],
    ['  rows in the DOM at paint / count shown', `${paint.rowsAtPaint} / "${paint.countText}"`, ''],
    [`long tasks > ${GOAL_LONG_TASK_MS} ms in the ${round(windowMs / 1000)} s window`, String(figures.longTasksOver50ms), `0 ${over50.length === 0 ? 'met' : 'NOT met'}`],
    ['longest long task', `${figures.maxLongTaskMs} ms`, `≤ ${GOAL_LONG_TASK_MS} ms`],
    ['long tasks (all) / their total', `${figures.longTasks} / ${figures.longTaskTotalMs} ms`, ''],
    ['long animation frames (> 50 ms)', String(figures.longAnimationFrames), ''],
    ['task updates reached the page (tasks:updated entries)', `${figures.updatesApplied} (${figures.updatesPerSecond}/s)`, '≈ 1,000/s'],
    ['  of which changed the status message / distinct tasks', `${figures.statusMessageChanges} / ${figures.distinctTasksUpdated}`, ''],
    ['  tasks:updated frames', String(figures.updateFrames), ''],
    [`rendered rows showing an older message than received > ${STALE_GRACE_MS} ms before`, `${figures.staleRows} of ${figures.rowsChecked}`, '0'],
    ['frames (rAF callbacks) per second', String(figures.fps), '60'],
    ['DOM mutation records in task-list', String(figures.rowMutations), ''],
    ['renderer main thread busy (CDP TaskDuration)', `${figures.mainThreadBusyPct} %`, ''],
    ['  script / layout / style', `${figures.scriptMs} / ${figures.layoutMs} / ${figures.styleMs} ms`, ''],
    ['host process CPU (engine + browser-mode server)', `${figures.hostCpuPct} % of a core`, ''],
    ['host start (resume 10,000 tasks, connect servers)', `${figures.hostStartMs} ms`, ''],
    ['page errors', String(figures.pageErrors), '0'],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length), ['figure', 'value', 'goal'][column]!.length));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  console.log(line(['figure', 'value', 'goal']));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
  if (over50.length > 0) console.log(`long tasks > ${GOAL_LONG_TASK_MS} ms (ms into the window): ${over50.map((task) => `${round(task.duration)} @ ${round((task.startTime - win.windowStart) / 1000, 2)} s`).join(', ')}`);
  if (win.staleExamples.length > 0) console.log(`stale rows, e.g.: ${win.staleExamples.join('; ')}`);
  if (pageErrors.length > 0) console.log(`page errors: ${pageErrors.slice(0, 3).join(' | ')}`);
  console.log(`BENCH ${JSON.stringify({
    ...figures,
    goalsMet: { firstPaint: firstPaintMs <= GOAL_FIRST_PAINT_MS, noLongTaskOver50ms: over50.length === 0 },
  })}`);
}

runProgram(main);
