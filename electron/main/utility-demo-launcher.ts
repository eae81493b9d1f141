/**
 * The bundled demo servers in Electron utility processes: Electron's own Node runs the bundle,
 * so the packaged app needs no system Node and keeps the runAsNode fuse off (docs/security.md#fuses).
 * Only the fork is here; what makes it a stdio server is message-child.ts.
 */
import { utilityProcess } from 'electron';
import type { ProcessLauncher } from '../engine/index.js';
import { bundledDemoLauncher } from './demo-servers.js';
import { launchedFromMessageChild } from './message-child.js';

/** How the processes are named in Electron's process metrics. */
const SERVICE_NAME = 'MCP Task Monitor demo server';

/**
 * The engine's launcher when the demo servers run from `bundlePath` (resolved at launch; loaded
 * from inside app.asar, which utility processes read). Call after `app` is ready: forking is
 * only possible then. A config's folder, when it names one, becomes the process's; without one
 * it runs in the app's (app.asar cannot be a working folder).
 */
export function utilityDemoLauncher(bundlePath: string): ProcessLauncher {
  return bundledDemoLauncher(({ args, env, cwd }) =>
    launchedFromMessageChild(utilityProcess.fork(bundlePath, [...args], { stdio: 'pipe', serviceName: SERVICE_NAME, env, ...(cwd !== undefined ? { cwd } : {}) })),
  );
}
