/** Ports for a plain Node host (browser mode, the CLI, tests, the benchmark): files in one data folder. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { FileExchangeStore } from './observe/file-exchange-store.js';
import type { EnginePorts, Logger } from './ports.js';
import { ConfTaskStore } from './stores/conf-task-store.js';
import { FileResultStore } from './stores/file-result-store.js';
import { systemClock } from './system-clock.js';

/** The data folder of the Node hosts (browser mode, the terminal CLI) unless one is given. */
export const DEFAULT_DATA_DIR = join(homedir(), '.mcp-task-monitor');

/** Engine ports storing tasks in `<dataDir>/tasks.json`, results in `<dataDir>/results/` and task exchanges in `<dataDir>/exchanges/`. */
export function createNodePorts(dataDir: string, logger: Logger): EnginePorts & { taskStore: ConfTaskStore } {
  return {
    taskStore: new ConfTaskStore({ dir: dataDir, logger }),
    resultStore: new FileResultStore({ dir: dataDir, logger }),
    exchangeStore: new FileExchangeStore({ dir: dataDir, logger }),
    clock: systemClock,
    logger,
  };
}
