/** Reading other clients' server lists, including hostile ones. */
import { describe, expect, it } from 'vitest';
import type { ServerInput } from '../../shared/ipc/contract.js';
import { HostError } from '../../electron/host/host-error.js';
import { MAX_IMPORT_SERVERS, parseServerImport, type ParsedImport } from '../../electron/host/server-import.js';

const stdio = (name: string, command: string, args: string[], extra: Partial<ServerInput> = {}): ServerInput =>
  ({ name, transport: 'stdio', command, args, ...extra }) as ServerInput;
const http = (name: string, url: string, extra: Partial<ServerInput> = {}): ServerInput => ({ name, transport: 'http', url, ...extra }) as ServerInput;

/** Only the fields that were set (zod keeps optional keys as undefined). */
function servers(parsed: ParsedImport): unknown[] {
  return JSON.parse(JSON.stringify(parsed.servers)) as unknown[];
}

describe('parseServerImport: formats', () => {
  it.each<[string, unknown, ServerInput[]]>([
    ['Claude Desktop', {
      mcpServers: {
        filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
        github: { command: 'docker', args: ['run', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_TOKEN: 'x' }, cwd: '/work' },
        bare: { command: 'my-server' },
      },
    }, [
      stdio('filesystem', 'npx', ['-y', '@modelcontextprotocol/server-filesystem', '/tmp']),
      stdio('github', 'docker', ['run', 'ghcr.io/github/github-mcp-server'], { env: { GITHUB_TOKEN: 'x' }, cwd: '/work' }),
      stdio('bare', 'my-server', []),
    ]],
    ['Cursor (remote)', {
      mcpServers: { remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } } },
    }, [http('remote', 'https://mcp.example.com/mcp', { headers: { Authorization: 'Bearer t' } })]],
    ['VS Code mcp.json', {
      servers: {
        local: { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '1' } },
        web: { type: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { 'X-Key': 'k' } },
      },
      inputs: [],
    }, [stdio('local', 'node', ['s.js'], { env: { A: '1' } }), http('web', 'http://127.0.0.1:3000/mcp', { headers: { 'X-Key': 'k' } })]],
    ['VS Code mcp.json with an HTTP+SSE server', { servers: { old: { type: 'sse', url: 'https://example.com/sse', headers: { 'X-Key': 'k' } } } },
      [http('old', 'https://example.com/sse', { headers: { 'X-Key': 'k' }, httpTransport: 'sse' })]],
    ['our list with sign-in settings', [{ name: 'Signed', transport: 'http', url: 'https://example.com/mcp', httpTransport: 'streamable', oauth: { clientId: 'mtm', scope: 'tasks' } }],
      [http('Signed', 'https://example.com/mcp', { httpTransport: 'streamable', oauth: { clientId: 'mtm', scope: 'tasks' } })]],
    ['VS Code settings', { mcp: { servers: { s: { type: 'stdio', command: 'uvx', args: ['mcp-server-time'] } } } }, [stdio('s', 'uvx', ['mcp-server-time'])]],
    ['our list', [
      { id: 'mine', name: 'Mine', transport: 'stdio', command: 'node', args: ['a.js'] },
      { name: 'No args', transport: 'stdio', command: 'node' },
      { name: 'Web', transport: 'http', url: 'https://example.com/mcp' },
    ], [stdio('Mine', 'node', ['a.js'], { id: 'mine' }), stdio('No args', 'node', []), http('Web', 'https://example.com/mcp')]],
  ])('%s', (_format, value, expected) => {
    const parsed = parseServerImport(JSON.stringify(value));
    expect(parsed.skipped).toEqual([]);
    expect(servers(parsed)).toEqual(expected);
  });
});

describe('parseServerImport: what is skipped, and why', () => {
  it.each<[string, string, RegExp]>([
    ['a __proto__ name', '{"mcpServers": {"__proto__": {"command": "evil"}}}', /cannot be used as a server name/],
    ['a constructor name', '{"mcpServers": {"constructor": {"command": "evil"}}}', /cannot be used as a server name/],
    ['non-string args', '{"mcpServers": {"s": {"command": "node", "args": ["a", 1, {"x": 2}]}}}', /list of strings/],
    ['args that are not a list', '{"mcpServers": {"s": {"command": "node", "args": "a b"}}}', /list of strings/],
    ['a non-string command', '{"mcpServers": {"s": {"command": ["node"]}}}', /command/],
    ['non-string env values', '{"mcpServers": {"s": {"command": "node", "env": {"A": 1}}}}', /env/],
    ['a javascript: url', '{"mcpServers": {"s": {"url": "javascript:alert(1)"}}}', /url/i],
    ['sign-in settings that are not ours', '[{"name": "s", "transport": "http", "url": "https://x.example/mcp", "oauth": {"clientSecret": "x"}}]', /oauth/],
    ['an unknown transport', '{"servers": {"s": {"type": "websocket", "url": "wss://example.com"}}}', /"websocket" is not supported/],
    ['a transport that is not a name', '{"servers": {"s": {"type": 7}}}', /not a name/],
    ['neither command nor url', '{"mcpServers": {"s": {"disabled": true}}}', /neither/],
    ['an entry that is not an object', '{"mcpServers": {"s": "npx server"}}', /not an object/],
    ['VS Code input variables', '{"servers": {"s": {"type": "http", "url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${input:token}"}}}}', /variables/],
    ['an empty name', '{"mcpServers": {" ": {"command": "node"}}}', /no name/],
    ['a list item without a name', '[{"transport": "stdio", "command": "node"}]', /no name/],
    ['a name over 200 characters', `{"mcpServers": {"${'n'.repeat(201)}": {"command": "node"}}}`, /200/],
    ['deeply nested args', `{"mcpServers": {"s": {"command": "node", "args": ${'['.repeat(5_000)}${']'.repeat(5_000)}}}}`, /list of strings/],
  ])('%s', (_case, json, reason) => {
    const parsed = parseServerImport(json);
    expect(parsed.servers).toEqual([]);
    expect(parsed.skipped).toHaveLength(1);
    expect(parsed.skipped[0]!.reason).toMatch(reason);
  });

  it('a __proto__ entry pollutes nothing and the others still import', () => {
    const parsed = parseServerImport('{"mcpServers": {"__proto__": {"command": "evil"}, "ok": {"command": "node"}}}');
    expect(servers(parsed)).toEqual([stdio('ok', 'node', [])]);
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });

  it('env and header names like __proto__ are dropped, not assigned to a prototype', () => {
    const parsed = parseServerImport('{"mcpServers": {"s": {"command": "node", "env": {"__proto__": "x", "A": "1"}}}}');
    const [server] = parsed.servers;
    expect(server?.transport === 'stdio' && server.env).toEqual({ A: '1' });
    expect(Object.getPrototypeOf(server?.transport === 'stdio' ? server.env : null)).toBe(Object.prototype);
  });

  it(`takes at most ${MAX_IMPORT_SERVERS} servers from a huge list`, () => {
    const entries = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`s${index}`, { command: 'node', args: ['x'.repeat(100)] }]));
    const json = JSON.stringify({ mcpServers: entries });
    expect(json.length).toBeGreaterThan(500_000);
    const parsed = parseServerImport(json);
    expect(parsed.servers).toHaveLength(MAX_IMPORT_SERVERS);
    expect(parsed.skipped).toEqual([{ name: `${5_000 - MAX_IMPORT_SERVERS} more`, reason: expect.stringContaining(String(MAX_IMPORT_SERVERS)) }]);
  });

  it('cuts untrusted names in skip reasons', () => {
    const parsed = parseServerImport(JSON.stringify({ mcpServers: { ['x'.repeat(5_000)]: 'no' } }));
    expect(parsed.skipped[0]!.name.length).toBeLessThanOrEqual(201);
  });
});

describe('parseServerImport: whole-text errors', () => {
  it.each([
    ['not JSON', '{"mcpServers":', /not valid JSON/],
    ['an unknown format', '{"tools": []}', /No servers found/],
    ['a scalar', '42', /No servers found/],
    ['null', 'null', /No servers found/],
    ['mcpServers as a list', '{"mcpServers": [{"command": "x"}]}', /No servers found/],
  ])('%s → HostError', (_case, json, message) => {
    expect(() => parseServerImport(json)).toThrow(HostError);
    expect(() => parseServerImport(json)).toThrow(message);
  });
});
