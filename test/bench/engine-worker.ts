/**
 * Bench worker (a): our engine resuming the persisted tasks of `<dataDir>/tasks.json` on the
 * fixture servers, in a process of its own. Run by engine-bench.ts, not by hand.
 *
 * resumeMs is measured from `engine.start(servers)` until every task is scheduled or being
 * polled: the store is loaded, all servers are connected (spawned, probed with
 * `server/discover`) and each has put its tasks into the poll scheduler. The engine schedules a
 * server's tasks synchronously when it connects, so the check runs right after each connection
 * event; at that moment every live task is either in the scheduler (`debugCounts.scheduled`) or
 * one of the at most `MAX_POLLS_IN_FLIGHT_PER_SERVER` polls in flight per server. loadMs is
 * the part until `start()` resolves: the task store loaded, the connections begun.
 */
import type { ServerState } from '../../shared/server-config.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { MAX_POLLS_IN_FLIGHT_PER_SERVER } from '../../electron/engine/tasks/task-watcher.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { TimedTaskStore } from './timed-task-store.js';
import { WindowMeter, sleep, windowFigures } from './window-meter.js';
import { serveWorker, type WorkerReport, type WorkerSetup } from './worker-protocol.js';

/** Longest wait for the servers to connect and the tasks to be scheduled. */
const RESUME_TIMEOUT_MS = 60_000;

/** Resolves once all servers are connected and every task is scheduled or in flight. */
function allScheduled(engine: Engine, taskCount: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): boolean => {
      const servers = engine.listServers();
      const inFlightAtMost = servers.length * MAX_POLLS_IN_FLIGHT_PER_SERVER;
      return servers.every((server) => server.status === 'connected') && engine.debugCounts.scheduled >= taskCount - inFlightAtMost;
    };
    const timer = setTimeout(() => {
      subscription.dispose();
      const states = engine.listServers().map((server) => `${server.id}: ${server.status} ${server.lastError ?? ''}`);
      reject(new Error(`Resume timed out; scheduled ${engine.debugCounts.scheduled}/${taskCount}; ${states.join('; ')}`));
    }, RESUME_TIMEOUT_MS);
    // The engine schedules a server's tasks in the turn it announces the connection: look one turn later.
    const subscription = engine.onDidChangeServer((state: ServerState) => {
      if (state.status !== 'connected') return;
      setImmediate(() => {
        if (!done()) return;
        clearTimeout(timer);
        subscription.dispose();
        resolve();
      });
    });
  });
}

async function measureEngine(setup: WorkerSetup): Promise<WorkerReport> {
  const ports = createNodePorts(setup.dataDir, createConsoleLogger('warn'));
  const store = new TimedTaskStore(ports.taskStore);
  const engine = createEngine({ ...ports, taskStore: store }, { protocolLog: setup.protocolLog ?? true });
  let updates = 0;
  engine.onDidUpdateTask(() => {
    updates += 1;
  });
  try {
    const started = performance.now();
    const resumed = allScheduled(engine, setup.taskCount);
    const problems = await engine.start(setup.servers);
    const loadMs = performance.now() - started;
    if (problems.length > 0) throw new Error(`The task store reported problems: ${problems.join(' | ')}`);
    const live = engine.listTasks().filter((task) => !isTaskFinished(task)).length;
    if (live !== setup.taskCount) throw new Error(`Loaded ${live} live tasks, expected ${setup.taskCount}.`);
    await resumed;
    const resumeMs = performance.now() - started;

    await sleep(setup.settleMs);
    const meter = new WindowMeter();
    const storeBefore = ports.taskStore.stats;
    const updatesBefore = updates;
    store.resetTimings();
    meter.start();
    await sleep(setup.windowMs);
    const window = meter.stop();
    const logMb = engine.observedBytes / (1024 * 1024);
    const storeAfter = ports.taskStore.stats;
    const saves = store.saveTimings;
    return {
      resumeMs,
      loadMs,
      ...windowFigures(window),
      tasksInError: engine.listTasks().filter((task) => isTaskFinished(task) || task.lastProblem !== undefined).length,
      store: {
        updates: updates - updatesBefore,
        writes: storeAfter.writes - storeBefore.writes,
        bytesWritten: storeAfter.bytesWritten - storeBefore.bytesWritten,
        saveMsMean: saves.saves === 0 ? 0 : saves.totalMs / saves.saves,
        saveMsMax: saves.maxMs,
      },
      logMb,
    };
  } finally {
    // Closing the connections ends the fixture servers, which then write their request logs.
    await engine.dispose();
  }
}

serveWorker(measureEngine);
