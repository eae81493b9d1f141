import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER_ENTRY } from '../../../electron/demo-server/default-servers.js';
import { demoServersForDesktop } from '../../../electron/main/demo-servers.js';

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
