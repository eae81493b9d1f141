/**
 * One extension server process: the tool catalogue, the task runtime and the task
 * subscriptions, shared by every connection (stdio) or request (HTTP) it serves.
 */
import type { Server } from '@modelcontextprotocol/server';
import { createToolCatalogue, type ToolCatalogue } from '../catalogue/tools.js';
import type { Logger } from '../log.js';
import { EXTENSION_SERVER_INFO, createExtensionServerFactory } from './server.js';
import { TaskSubscriptions } from './task-subscriptions.js';
import { ExtensionTaskRuntime } from './task-runtime.js';

/** The process-wide parts of an extension server. */
export interface ExtensionServerCore {
  /** Builds the `Server` for one serving unit. */
  readonly factory: () => Server;
  readonly subscriptions: TaskSubscriptions;
  /** Ends every subscription gracefully and stops all task work. */
  dispose(): void;
}

/** Parts a test may supply to watch the server from inside (e.g. which tasks it created). */
export interface ExtensionServerParts {
  /** Default: the demo tools. */
  catalogue?: ToolCatalogue;
  /** Default: a new runtime logging to the server's log. */
  runtime?: ExtensionTaskRuntime;
}

/** Creates the process-wide parts of an extension server. */
export function createExtensionServerCore(log: Logger, parts: ExtensionServerParts = {}): ExtensionServerCore {
  const runtime = parts.runtime ?? new ExtensionTaskRuntime(log);
  const subscriptions = new TaskSubscriptions(runtime.table, EXTENSION_SERVER_INFO);
  return {
    factory: createExtensionServerFactory(parts.catalogue ?? createToolCatalogue(), runtime),
    subscriptions,
    dispose: () => {
      subscriptions.endAll();
      runtime.dispose();
    },
  };
}
