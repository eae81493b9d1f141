/** The approval digest: what it covers (docs/security.md#running-servers-stdio-is-code-execution), and what leaves approval intact. */
import { describe, expect, it } from 'vitest';
import type { ServerConfig, StdioServerConfig } from '../../shared/server-config.js';
import { ServerInputSchema } from '../../shared/ipc/contract.js';
import { approvalDigest, isApproved, preApproved, toServerConfig } from '../../electron/host/server-entry.js';
import { withSavedEnv } from '../../electron/host/saved-secrets.js';
import { slugFromName, uniqueServerId } from '../../electron/host/server-ids.js';

const base: StdioServerConfig = { id: 'a', name: 'A', transport: 'stdio', command: 'node', args: ['server.js'], env: { B: '2', A: '1' }, cwd: '/srv' };

describe('approvalDigest', () => {
  it('is a sha256 that does not depend on key order', () => {
    const reordered: StdioServerConfig = { cwd: '/srv', env: { A: '1', B: '2' }, args: ['server.js'], command: 'node', transport: 'stdio', name: 'A', id: 'a' };
    expect(approvalDigest(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(approvalDigest(reordered)).toBe(approvalDigest(base));
  });

  it.each<[string, Partial<StdioServerConfig>]>([
    ['command', { command: 'bash' }],
    ['an argument', { args: ['server.js', '--evil'] }],
    ['argument order', { args: ['--x', 'server.js'] }],
    ['an env value', { env: { A: '1', B: '3' } }],
    ['an env name', { env: { A: '1', C: '2' } }],
    ['cwd', { cwd: '/tmp' }],
    ['no cwd', { cwd: undefined }],
  ])('changes with %s', (_what, change) => {
    expect(approvalDigest({ ...base, ...change })).not.toBe(approvalDigest(base));
  });

  it('does not cover the name or id (a rename keeps approval); an absent env counts as empty', () => {
    expect(approvalDigest({ ...base, id: 'b', name: 'Renamed' })).toBe(approvalDigest(base));
    const { env: _env, ...withoutEnv } = base;
    expect(approvalDigest(withoutEnv)).toBe(approvalDigest({ ...base, env: {} }));
  });

  it('does not cover the settings: shared folders and the mute change nothing that runs', () => {
    expect(approvalDigest({ ...base, roots: [{ uri: 'file:///srv', name: 'Srv' }], notificationsMuted: true })).toBe(approvalDigest(base));
  });

  it('does not let one field spill into another', () => {
    expect(approvalDigest({ ...base, args: ['a,b'] })).not.toBe(approvalDigest({ ...base, args: ['a', 'b'] }));
  });
});

describe('isApproved', () => {
  const http: ServerConfig = { id: 'h', name: 'H', transport: 'http', url: 'https://example.com/mcp' };

  it('HTTP needs no approval; stdio only with the current digest', () => {
    expect(isApproved({ config: http, origin: 'import' })).toBe(true);
    expect(isApproved({ config: base, origin: 'import' })).toBe(false);
    expect(isApproved({ config: base, origin: 'user', approvedDigest: 'sha256:other' })).toBe(false);
    expect(isApproved(preApproved(base, 'default'))).toBe(true);
    expect(isApproved({ ...preApproved(base, 'user'), config: { ...base, args: ['other.js'] } })).toBe(false);
  });
});

describe('toServerConfig', () => {
  it('keeps only the fields of the transport, without undefined keys (so an unchanged save compares equal)', () => {
    const stdio = ServerInputSchema.parse({ id: 'ignored', name: 'S', transport: 'stdio', command: 'node', args: [], env: undefined, cwd: undefined });
    expect(toServerConfig(withSavedEnv(stdio, undefined), 's')).toStrictEqual({ id: 's', name: 'S', transport: 'stdio', command: 'node', args: [] });
    const http = ServerInputSchema.parse({ name: 'H', transport: 'http', url: 'https://x.example/mcp', headers: undefined });
    expect(toServerConfig(withSavedEnv(http, undefined), 'h')).toStrictEqual({ id: 'h', name: 'H', transport: 'http', url: 'https://x.example/mcp' });
  });
});

describe('server ids', () => {
  it.each([
    ['GitHub (work)', 'github-work'],
    ['  Ünïcödé  Server ', 'unicode-server'],
    ['__proto__', 'proto'],
    ['日本語', 'server'],
    ['x'.repeat(300), 'x'.repeat(64)],
  ])('slug of %j is %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('suffixes taken ids', () => {
    expect(uniqueServerId('github', new Set())).toBe('github');
    expect(uniqueServerId('github', new Set(['github', 'github-2']))).toBe('github-3');
  });
});
