/**
 * The embedded demo servers as the desktop app runs them in development. default-servers.ts runs
 * them with `process.execPath` — in Electron that is Electron itself, and the runAsNode fuse
 * (SECURITY.md §1) keeps it from acting as Node — and finds their entry next to its own file,
 * which here is inside the main bundle. So: a system Node, and the checkout's sources through tsx.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/server-config.js';
import { DEMO_SERVER_ENTRY, defaultDemoServers } from '../demo-server/default-servers.js';

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
