/**
 * The embedded demo servers as the desktop app runs them. default-servers.ts runs them with
 * `process.execPath` — in Electron that is Electron itself, and the runAsNode fuse
 * (docs/security.md#fuses) keeps it from acting as Node — and finds their entry next to its own file, which here is
 * inside the main bundle. So:
 * - in development, a system Node and the checkout's sources through tsx;
 * - in the packaged app, which has neither, the demo server bundle (dist/demo-server/) in an
 *   Electron utility process each (utility-demo-launcher.ts). Their configs name the bundle by
 *   `BUNDLED_DEMO_SERVER_COMMAND`, resolved at every launch: a saved server list never holds the
 *   bundle's path, which an update or a new mount point (AppImage) changes.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/server-config.js';
import { DEMO_SIGN_IN_URL_ENV, demoSignInServerConfig } from '../demo-server/auth/demo-sign-in-config.js';
import { DEMO_SERVER_ENTRY, defaultDemoServers } from '../demo-server/default-servers.js';
import { spawnProcess, type LaunchedProcess, type LaunchParameters, type ProcessLauncher } from '../engine/index.js';
import type { OperatorServer } from '../host/create-host.js';

/**
 * The command of the bundled demo servers: a name, not a file (a colon keeps it from being a
 * Windows file name). Only `bundledDemoLauncher` runs it; anywhere else it is not found.
 */
export const BUNDLED_DEMO_SERVER_COMMAND = 'mcp-task-monitor:demo-server';
/**
 * Set to `1`, development runs the demo servers as the packaged app does (the bundle, in utility
 * processes), so that path can be tried without packaging; `npm run build:electron` writes the bundle.
 */
export const BUNDLED_DEMO_SERVERS_ENV = 'MCP_TASK_MONITOR_BUNDLED_DEMO';

/** True where the demo servers run from the bundle: the packaged app, or `BUNDLED_DEMO_SERVERS_ENV=1`. */
export function usesBundledDemoServers(isPackaged: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return isPackaged || env[BUNDLED_DEMO_SERVERS_ENV] === '1';
}

/** Both demo servers as the bundle runs them: `BUNDLED_DEMO_SERVER_COMMAND` and the demo's own arguments, no folder. */
export function bundledDemoServers(): ServerConfig[] {
  return defaultDemoServers().map((server) =>
    server.transport === 'stdio'
      ? { id: server.id, name: server.name, transport: 'stdio', command: BUNDLED_DEMO_SERVER_COMMAND, args: server.args.slice(server.args.indexOf(DEMO_SERVER_ENTRY) + 1) }
      : server,
  );
}

/**
 * The engine's launcher for the desktop app: `BUNDLED_DEMO_SERVER_COMMAND` runs through
 * `runBundle` with its arguments (and the environment and folder the transport resolved), every
 * other command is spawned as always.
 */
export function bundledDemoLauncher(runBundle: (parameters: LaunchParameters) => LaunchedProcess): ProcessLauncher {
  return (parameters) => (parameters.command === BUNDLED_DEMO_SERVER_COMMAND ? runBundle(parameters) : spawnProcess(parameters));
}

/**
 * The demo servers run by `node` from the checkout at `projectRoot`. `npm start` and the npm test
 * scripts export `npm_node_execpath`, the Node that runs npm; outside npm, `node` on the PATH.
 */
export function demoServersForDesktop(projectRoot: string, env: NodeJS.ProcessEnv = process.env): ServerConfig[] {
  const node = env.npm_node_execpath ?? 'node';
  const entry = join(projectRoot, 'electron', 'demo-server', 'main.ts');
  return defaultDemoServers().map((server) =>
    server.transport === 'stdio'
      ? { ...server, command: node, args: server.args.map((arg) => (arg === DEMO_SERVER_ENTRY ? entry : arg)), cwd: projectRoot }
      : server,
  );
}

/**
 * The demo sign-in server of `npm start -- --demo-auth`, for this session only: none unless
 * DEMO_SIGN_IN_URL_ENV holds a loopback `http://127.0.0.1:<port>/mcp` URL (nothing else is taken
 * from the environment, so it cannot point the app anywhere else).
 */
export function demoSignInServersForDesktop(env: NodeJS.ProcessEnv = process.env): OperatorServer[] {
  const value = env[DEMO_SIGN_IN_URL_ENV];
  if (value === undefined || !/^http:\/\/127\.0\.0\.1:\d{1,5}\/mcp$/u.test(value)) return [];
  return [{ config: demoSignInServerConfig(value), origin: 'command-line' }];
}
