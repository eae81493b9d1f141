/**
 * How to run the embedded demo servers, and the embedded default: both demo servers over stdio,
 * configured on first start so the app shows its worth before the user adds anything. They run
 * in a plain Node process (`process.execPath` + tsx), never through a shell.
 */
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../shared/server-config.js';

/**
 * The demo servers bundled into one plain-JavaScript file (electron/cli/build-electron.ts), as
 * a path below the build output folder dist/: what the packaged app runs.
 */
export const DEMO_SERVER_BUNDLE = { folder: 'demo-server', file: 'demo-server.cjs' } as const;
/** Absolute path of the demo server entry. */
export const DEMO_SERVER_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
/** The project root: `--import tsx` resolves from here, whatever the caller's working directory. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Which wire form a demo server speaks: `extension` = 2026-07-28 Tasks extension, `legacy` = 2025-11-25 tasks. */
export type DemoServerForm = 'extension' | 'legacy';
/** How a demo server is reached. */
export type DemoServerTransport = 'stdio' | 'http';

/** How to run a demo server: `args` go to the process as an array, from `cwd`. */
export interface DemoServerCommand {
  command: string;
  args: string[];
  cwd: string;
}

/**
 * The command line that runs a demo server (`port` applies to HTTP, 0 = any free port; `auth`, HTTP
 * only: the issuer whose access tokens the server requires).
 */
export function demoServerCommand(options: { form: DemoServerForm; transport: DemoServerTransport; port?: number; auth?: string }): DemoServerCommand {
  const args = ['--import', 'tsx', DEMO_SERVER_ENTRY, '--form', options.form, '--transport', options.transport];
  if (options.transport === 'http') args.push('--port', String(options.port ?? 0));
  if (options.auth !== undefined) args.push('--auth', options.auth);
  return { command: process.execPath, args, cwd: PROJECT_ROOT };
}

/** Server configs for both demo servers (stdio). */
export function defaultDemoServers(): ServerConfig[] {
  return [
    { id: 'demo-extension', name: 'Demo (tasks extension, 2026-07-28)', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }) },
    { id: 'demo-legacy', name: 'Demo (experimental tasks, 2025-11-25)', transport: 'stdio', ...demoServerCommand({ form: 'legacy', transport: 'stdio' }) },
  ];
}
