/**
 * `npm run start:cli`: the engine alone in a terminal. Runs it against the embedded demo servers
 * and prints what happens — connections, eras, tasks and their status messages, results.
 * Tasks persist in the data folder: stop it mid-build (Ctrl+C) and start again to see the
 * build resumed. Server-supplied text is printed with control characters made visible.
 */
import { parseArgs } from 'node:util';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { defaultDemoServers } from '../demo-server/default-servers.js';
import { createEngine, createNodePorts, DEFAULT_DATA_DIR } from '../engine/index.js';
import { createConsoleLogger } from '../node/console-logger.js';
import { printable } from './terminal-client/terminal-text.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: DEFAULT_DATA_DIR },
    'build-ms': { type: 'string', default: '8000' },
  },
});

function describe(task: TrackedTask): string {
  const status = task.endReason ?? task.snapshot?.status ?? task.phase;
  const cancel = task.cancelRequestedAt !== undefined && !isTaskFinished(task) ? ' (cancel requested)' : '';
  const message = task.snapshot?.statusMessage === undefined ? '' : ` — ${printable(task.snapshot.statusMessage)}`;
  return `[${task.serverId}] ${task.toolName} ${status}${cancel}${message}`;
}

const logger = createConsoleLogger('warn');
const engine = createEngine(createNodePorts(values.data, logger));
const printed = new Map<string, string>();
engine.onDidUpdateTask((task) => {
  const line = describe(task);
  if (printed.get(task.localId) === line) return;
  printed.set(task.localId, line);
  console.log(line);
  if (task.hasResult && isTaskFinished(task)) {
    void engine.getResult(task.localId).then((result) => console.log(`[${task.serverId}] ${task.toolName} result: ${printable(JSON.stringify(result), 400)}`));
  }
});
engine.onDidChangeServer((state) => {
  const era = state.era === undefined ? '' : ` era=${state.era} tasks=${state.taskSupport ?? 'none'}`;
  const error = state.lastError === undefined ? '' : ` (${printable(state.lastError)})`;
  console.log(`[${state.id}] ${state.status}${era}${error}`);
  if (state.status !== 'connected') return;
  const running = engine.listTasks().filter((task) => task.serverId === state.id && !isTaskFinished(task));
  if (running.length > 0) {
    console.log(`[${state.id}] resuming ${running.length} task(s) from ${values.data}`);
    return;
  }
  engine.callTool(state.id, 'build', { durationMs: Number(values['build-ms']), project: 'demo-app' })
    .catch((error: unknown) => console.log(`[${state.id}] build could not start: ${printable(String(error))}`));
});

const problems = await engine.start(defaultDemoServers());
for (const problem of problems) console.log(`Note: ${problem}`);
console.log(`MCP Task Monitor engine — data in ${values.data}. Press Ctrl+C to stop; tasks resume on the next start.`);

// Timers are unref'd; keep the process alive until asked to stop.
const keepAlive = setInterval(() => undefined, 60_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(keepAlive);
    void engine.dispose().then(() => process.exit(0));
  });
}
