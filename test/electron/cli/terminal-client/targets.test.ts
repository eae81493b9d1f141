/**
 * Which server a command reaches: URLs as given (never with credentials in them), names only
 * from the config file the command names, and a stored task's server found again from its id.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandFailed, UsageError } from '../../../../electron/cli/terminal-client/cli-errors.js';
import { httpServer, resolveTarget, serverOfTask } from '../../../../electron/cli/terminal-client/targets.js';

const dir = mkdtempSync(join(tmpdir(), 'mtm-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'claude.json');
writeFileSync(config, JSON.stringify({ mcpServers: {
  'My Files': { command: 'npx', args: ['-y', 'server-filesystem'] },
  Remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } },
  Old: { type: 'sse', url: 'https://mcp.example.com/sse' },
} }));

describe('httpServer', () => {
  it('files a plain URL under the URL itself, so the task alone finds it again', () => {
    expect(httpServer('http://127.0.0.1:8000/mcp')).toEqual({ id: 'http://127.0.0.1:8000/mcp', name: 'http://127.0.0.1:8000/mcp', transport: 'http', url: 'http://127.0.0.1:8000/mcp' });
  });

  it('never keeps a URL with a query string (secrets hide there): a digest instead, the same each time', () => {
    const server = httpServer('https://mcp.example.com/mcp?api_key=s3cret');
    expect(server.id).toMatch(/^url-sha256-[0-9a-f]{32}$/u);
    expect(server.id).not.toContain('s3cret');
    expect(server.name).not.toContain('s3cret');
    expect(httpServer('https://mcp.example.com/mcp?api_key=s3cret').id).toBe(server.id);
  });

  it.each([['credentials', 'https://user:pw@mcp.example.com/mcp', /user name or password/], ['another scheme', 'file:///etc/passwd', /http/], ['no URL', 'http://', /not a URL/]])('refuses %s', (_case, url, message) => {
    expect(() => httpServer(url)).toThrow(message);
  });
});

describe('resolveTarget', () => {
  it('finds a name in the config file, with the ids browser mode gives the same file; an HTTP+SSE entry is one of them', async () => {
    const { server, notes } = await resolveTarget('My Files', config);
    expect(server).toEqual({ id: 'my-files', name: 'My Files', transport: 'stdio', command: 'npx', args: ['-y', 'server-filesystem'] });
    expect(notes).toEqual([]);
    expect((await resolveTarget('Old', config)).server).toMatchObject({ id: 'old', transport: 'http', url: 'https://mcp.example.com/sse', httpTransport: 'sse' });
    expect((await resolveTarget('remote', config)).server).toMatchObject({ id: 'remote', headers: { Authorization: 'Bearer t' } });
  });

  it('refuses a name without --config, and a name the file does not have', async () => {
    await expect(resolveTarget('My Files', undefined)).rejects.toThrow(/--config/);
    await expect(resolveTarget('Nobody', config)).rejects.toThrow(UsageError);
  });
});

describe('serverOfTask', () => {
  it('reaches a plain URL from the task alone', async () => {
    expect(await serverOfTask({ serverId: 'http://127.0.0.1:8000/mcp' }, undefined, undefined)).toMatchObject({ transport: 'http', url: 'http://127.0.0.1:8000/mcp' });
  });

  it('needs --url for a URL that was not kept, and checks it is the same one', async () => {
    const { id } = httpServer('https://mcp.example.com/mcp?api_key=s3cret');
    await expect(serverOfTask({ serverId: id }, undefined, undefined)).rejects.toThrow(/--url/);
    await expect(serverOfTask({ serverId: id }, undefined, 'https://mcp.example.com/mcp?api_key=other')).rejects.toThrow(/not the address/);
    expect(await serverOfTask({ serverId: id }, undefined, 'https://mcp.example.com/mcp?api_key=s3cret')).toMatchObject({ id });
  });

  it('runs a config-file server only when the command names the file again', async () => {
    await expect(serverOfTask({ serverId: 'my-files' }, undefined, undefined)).rejects.toThrow(CommandFailed);
    await expect(serverOfTask({ serverId: 'my-files' }, undefined, undefined)).rejects.toThrow(/--config/);
    expect(await serverOfTask({ serverId: 'my-files' }, config, undefined)).toMatchObject({ transport: 'stdio', command: 'npx' });
  });
});
