/**
 * The embedded demo servers as the desktop app runs them in development. default-servers.ts runs
 * them with `process.execPath` — in Electron that is Electron itself, and the runAsNode fuse
 * (docs/security.md#fuses) keeps it from acting as Node — and finds their entry next to its own
 * file, which here is inside the main bundle. So: a system Node, and the checkout's sources through
 * tsx.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/server-config.js';
import { DEMO_SIGN_IN_URL_ENV, demoSignInServerConfig } from '../demo-server/auth/demo-sign-in-config.js';
import { DEMO_SERVER_ENTRY, defaultDemoServers } from '../demo-server/default-servers.js';
import type { OperatorServer } from '../host/create-host.js';

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
