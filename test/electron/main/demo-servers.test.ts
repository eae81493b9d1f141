import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_ENTRY } from '../../../electron/demo-server/default-servers.js';
import { DEMO_SIGN_IN_URL_ENV } from '../../../electron/demo-server/auth/demo-sign-in-config.js';
import type { LaunchedProcess, LaunchParameters } from '../../../electron/engine/index.js';
import {
  BUNDLED_DEMO_SERVERS_ENV,
  BUNDLED_DEMO_SERVER_COMMAND,
  bundledDemoLauncher,
  bundledDemoServers,
  demoServersForDesktop,
  demoSignInServersForDesktop,
  usesBundledDemoServers,
} from '../../../electron/main/demo-servers.js';

describe('demoServersForDesktop', () => {
  const root = join('/checkout', 'mcp-task-monitor');

  it('runs both demo servers with the Node that runs npm, from the checkout', () => {
    const servers = demoServersForDesktop(root, { npm_node_execpath: '/usr/local/bin/node' });
    expect(servers.map((server) => server.id)).toEqual(['demo-extension', 'demo-legacy']);
    for (const server of servers) {
      expect(server).toMatchObject({ transport: 'stdio', command: '/usr/local/bin/node', cwd: root });
      if (server.transport !== 'stdio') continue;
      expect(server.args).toContain(join(root, 'electron', 'demo-server', 'main.ts'));
      expect(server.args).not.toContain(DEMO_SERVER_ENTRY);
      expect(server.args.slice(0, 2)).toEqual(['--import', 'tsx']);
    }
  });

  it('falls back to node on the PATH outside npm', () => {
    expect(demoServersForDesktop(root, {}).map((server) => server.transport === 'stdio' && server.command)).toEqual(['node', 'node']);
  });
});

describe('bundledDemoServers', () => {
  it('names the bundle by its command, with only the demo arguments: no path, no folder, nothing that goes stale', () => {
    expect(bundledDemoServers()).toEqual([
      { id: 'demo-extension', name: 'Demo (tasks extension, 2026-07-28)', transport: 'stdio', command: BUNDLED_DEMO_SERVER_COMMAND, args: ['--form', 'extension', '--transport', 'stdio'] },
      { id: 'demo-legacy', name: 'Demo (experimental tasks, 2025-11-25)', transport: 'stdio', command: BUNDLED_DEMO_SERVER_COMMAND, args: ['--form', 'legacy', '--transport', 'stdio'] },
    ]);
  });

  it('is what the packaged app uses, and development when asked to', () => {
    expect(usesBundledDemoServers(true, {})).toBe(true);
    expect(usesBundledDemoServers(false, {})).toBe(false);
    expect(usesBundledDemoServers(false, { [BUNDLED_DEMO_SERVERS_ENV]: '1' })).toBe(true);
    expect(usesBundledDemoServers(false, { [BUNDLED_DEMO_SERVERS_ENV]: 'yes' })).toBe(false);
  });
});

describe('bundledDemoLauncher', () => {
  it('runs the bundle command its own way, with what the transport resolved', () => {
    const runs: LaunchParameters[] = [];
    const standIn = {} as LaunchedProcess;
    const launch = bundledDemoLauncher((parameters) => {
      runs.push(parameters);
      return standIn;
    });
    const parameters: LaunchParameters = { command: BUNDLED_DEMO_SERVER_COMMAND, args: ['--form', 'legacy', '--transport', 'stdio'], env: { PATH: '/bin' } };
    expect(launch(parameters)).toBe(standIn);
    expect(runs).toEqual([parameters]);
  });

  it('spawns every other command as the engine does', async () => {
    const launch = bundledDemoLauncher(() => {
      throw new Error('not the bundle');
    });
    const child = launch({ command: process.execPath, args: ['-e', 'process.exit(5)'], env: {} });
    const [code] = (await once(child as unknown as NodeJS.EventEmitter, 'exit')) as [number];
    expect(code).toBe(5);
  });
});

describe('demoSignInServersForDesktop', () => {
  it('adds the demo sign-in server for the session when npm start passed its loopback URL', () => {
    expect(demoSignInServersForDesktop({ [DEMO_SIGN_IN_URL_ENV]: 'http://127.0.0.1:4321/mcp' })).toEqual([
      { config: { id: 'demo-sign-in', name: 'Demo sign-in (tasks extension, OAuth)', transport: 'http', url: 'http://127.0.0.1:4321/mcp' }, origin: 'command-line' },
    ]);
  });

  it('adds nothing without the variable, or when it names anything but a loopback /mcp URL', () => {
    expect(demoSignInServersForDesktop({})).toEqual([]);
    for (const url of ['https://example.com/mcp', 'http://127.0.0.1:4321/other', 'http://127.0.0.1.evil.example:80/mcp', 'http://localhost:4321/mcp']) {
      expect(demoSignInServersForDesktop({ [DEMO_SIGN_IN_URL_ENV]: url })).toEqual([]);
    }
  });
});
