/**
 * The engine's one public door. Hosts (Electron main, browser mode, the CLI, tests, the
 * benchmark) build an engine from their ports and talk to it through the returned object.
 */
import { Engine, type EngineOptions } from './engine.js';
import type { EnginePorts } from './ports.js';

export type { CallToolOutcome, ConsoleQuery, EngineOptions, InputOwnerRef, ProtocolQuery, SignInOptions } from './engine.js';
export { MemoryCredentialStore, preRegisteredClient } from './auth/credential-store.js';
export type { ExchangeStore } from './observe/task-exchange.js';
export { FileExchangeStore } from './observe/file-exchange-store.js';
export { buildTaskExport } from './observe/task-export.js';
export { engineOptionsFromEnv, PROTOCOL_LOG_ENV } from './env-options.js';
export type { Engine } from './engine.js';
export type { Clock, CredentialStore, EnginePorts, Logger, ResultStore, SaveProblem, TaskStore, TaskStoreLoad, TimerHandle } from './ports.js';
export { Emitter, type Disposable, type Event } from './emitter.js';
export { McpRequestError } from './connections/mcp-request-error.js';
export { CallNotSavedError } from './calls/call-not-saved-error.js';
export { messageLimitFromEnv } from './connections/message-limit.js';
export { spawnProcess, type LaunchedProcess, type LaunchParameters, type ProcessLauncher } from './connections/process-launcher.js';
export { systemClock } from './system-clock.js';
export { createNodePorts, DEFAULT_DATA_DIR } from './node-ports.js';
export { ConfTaskStore, type OpenTaskDocument } from './stores/conf-task-store.js';
export { DEGRADED_AFTER_FAILURES, PING_INTERVAL_MS, PING_TIMEOUT_MS, type HealthOptions } from './connections/server-health.js';

/** Creates an engine; call `start(servers)` to load the store and connect, `dispose()` to stop. */
export function createEngine(ports: EnginePorts, options?: EngineOptions): Engine {
  return new Engine(ports, options);
}
