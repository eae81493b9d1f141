/** Ports for a plain Node host (browser mode, the CLI, tests, the benchmark): files in one data folder. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { EnginePorts, Logger } from './ports.js';
import { ConfTaskStore } from './stores/conf-task-store.js';
import { FileResultStore } from './stores/file-result-store.js';
import { systemClock } from './system-clock.js';

/** The data folder of the Node hosts (browser mode, the terminal CLI) unless one is given. */
export const DEFAULT_DATA_DIR = join(homedir(), '.mcp-task-monitor');

/** Engine ports storing tasks in `<dataDir>/tasks.json` and results in `<dataDir>/results/`. */
export function createNodePorts(dataDir: string, logger: Logger): EnginePorts & { taskStore: ConfTaskStore } {
  return {
    taskStore: new ConfTaskStore({ dir: dataDir, logger }),
    resultStore: new FileResultStore({ dir: dataDir, logger }),
    clock: systemClock,
    logger,
  };
}
