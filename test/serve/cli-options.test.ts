/** `npm run serve` arguments: where operator servers come from, and what is refused loudly. */
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError, readServeOptions } from '../../electron/serve/cli-options.js';
import { tempDir } from '../host/host-harness.js';

const { dir, cleanup } = tempDir('mtm-cli-');
afterAll(cleanup);

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('readServeOptions', () => {
  it('has defaults: any free port, ~/.mcp-task-monitor, no servers', async () => {
    expect(await readServeOptions([])).toEqual({
      port: 0,
      dataDir: join(homedir(), '.mcp-task-monitor'),
      staticRoot: undefined,
      configuredServers: [],
      notes: [],
      demoAuth: false,
      isHelp: false,
    });
  });

  it('takes --demo-auth', async () => {
    expect((await readServeOptions(['--demo-auth'])).demoAuth).toBe(true);
  });

  it('takes a Claude Desktop config file: ids from names, headers kept for the session, skips noted', async () => {
    const config = file('claude.json', JSON.stringify({ mcpServers: {
      'My Files': { command: 'npx', args: ['-y', 'server-filesystem'] },
      Remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } },
      Old: { type: 'sse', url: 'https://mcp.example.com/sse' },
    } }));
    const options = await readServeOptions(['--config', config, '--port', '8123', '--data', dir, '--ui', dir]);
    expect(options).toMatchObject({ port: 8123, dataDir: dir, staticRoot: dir });
    expect(options.configuredServers).toEqual([
      { origin: 'config-file', config: expect.objectContaining({ id: 'my-files', name: 'My Files', transport: 'stdio', command: 'npx', args: ['-y', 'server-filesystem'] }) },
      { origin: 'config-file', config: expect.objectContaining({ id: 'remote', transport: 'http', headers: { Authorization: 'Bearer t' } }) },
    ]);
    expect(options.notes).toEqual([expect.stringMatching(/^Skipped "Old" from .*claude\.json: .*HTTP\+SSE/)]);
  });

  it('takes a list with ids (kept, duplicates made unique) and --server entries after it', async () => {
    const config = file('list.json', JSON.stringify([
      { id: 'Exact_Id', name: 'One', transport: 'stdio', command: 'a' },
      { id: 'Exact_Id', name: 'Two', transport: 'stdio', command: 'b' },
    ]));
    const options = await readServeOptions(['--config', config, '--server', '{"name":"One","transport":"http","url":"http://127.0.0.1:9/mcp"}', '--server', '{"id":"x","name":"X","transport":"stdio","command":"c"}']);
    expect(options.configuredServers.map(({ config: server, origin }) => [server.id, origin])).toEqual([
      ['Exact_Id', 'config-file'],
      ['Exact_Id-2', 'config-file'],
      ['one', 'command-line'],
      ['x', 'command-line'],
    ]);
  });

  it.each<[string, string[], RegExp]>([
    ['a port that is not a number', ['--port', 'abc'], /--port must be a port number/],
    ['a port out of range', ['--port', '70000'], /--port/],
    ['an unknown option', ['--host', '0.0.0.0'], /Unknown option/],
    ['a positional argument', ['serve'], /Unexpected argument/],
    ['--server that is not JSON', ['--server', '{name:'], /--server/],
    ['--server that is not a server', ['--server', '{"name":"x","type":"sse","url":"https://x.example"}'], /--server .*HTTP\+SSE/],
    ['--server with an unsafe url', ['--server', '{"name":"x","url":"file:///etc/passwd"}'], /--server/],
    ['a missing config file', ['--config', join(dir, 'missing.json')], /--config .*ENOENT/],
    ['a config file that is not JSON', ['--config', file('bad.json', '{')], /not valid JSON/],
    ['a config file of another format', ['--config', file('other.json', '{"tools": []}')], /No servers found/],
    ['a config file over 1 MB', ['--config', file('big.json', `[${'1,'.repeat(600_000)}1]`)], /larger than/],
  ])('refuses %s', async (_case, argv, message) => {
    const attempt = readServeOptions(argv);
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(attempt).rejects.toThrow(message);
  });
});
