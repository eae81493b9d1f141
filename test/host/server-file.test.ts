/** servers.json on real files: round trip, permissions, secrets at rest, damaged files kept. */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { isApproved, preApproved, type ServerEntry } from '../../electron/host/server-entry.js';
import { SERVER_FILE, loadServerFile, saveServerFile } from '../../electron/host/server-file.js';
import { encryptingSecretStore, tempDir } from './host-harness.js';

const SECRET = 'Bearer sk-live-0123456789abcdef';
const TOKEN = 'ghp_plain0123456789abcdefTOKEN';
/** A command with no environment, for what is not about secrets. */
const command: ServerConfig = { id: 'local', name: 'Local', transport: 'stdio', command: 'node', args: ['s.js'], cwd: '/srv' };
const stdio: ServerConfig = { ...command, env: { GITHUB_TOKEN: TOKEN, LOG_LEVEL: 'debug-level' } };
const web: ServerConfig = { id: 'web', name: 'Web', transport: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: SECRET, 'X-Team': 'blue' } };
const now = () => Date.UTC(2026, 10, 30, 12, 0, 0);

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function folder(): string {
  const temp = tempDir();
  cleanup = temp.cleanup;
  return temp.dir;
}

describe('servers.json', () => {
  it('round-trips entries; header and environment values only encrypted; operator entries never written; mode 0600', async () => {
    const dir = folder();
    const secrets = encryptingSecretStore(randomBytes(32));
    const entries: ServerEntry[] = [
      preApproved(stdio, 'user'),
      { config: web, origin: 'import' },
      { config: { ...stdio, id: 'given', name: 'Given' }, origin: 'config-file' },
    ];
    await saveServerFile(dir, entries, secrets);
    const text = readFileSync(join(dir, SERVER_FILE), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('blue');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('debug-level');
    expect(text).not.toContain('Given');
    expect(JSON.parse(text)).toMatchObject({
      schemaVersion: 1,
      servers: [
        { config: command, origin: 'user', approvedDigest: expect.stringMatching(/^sha256:/), protectedEnv: { GITHUB_TOKEN: expect.any(String), LOG_LEVEL: expect.any(String) } },
        { config: { id: 'web', url: web.url }, origin: 'import', protectedHeaders: { Authorization: expect.any(String), 'X-Team': expect.any(String) } },
      ],
    });
    expect(statSync(join(dir, SERVER_FILE)).mode & 0o777).toBe(0o600);

    const loaded = await loadServerFile(dir, secrets, now);
    expect(loaded).toEqual({ entries: entries.slice(0, 2), problems: [] });
  });

  it('reports no file as a first start', async () => {
    expect(await loadServerFile(folder(), sessionOnlySecretStore, now)).toEqual({ entries: undefined, problems: [] });
  });

  it('writes no header value when the store cannot protect it', async () => {
    const dir = folder();
    await saveServerFile(dir, [{ config: web, origin: 'user' }], sessionOnlySecretStore);
    const text = readFileSync(join(dir, SERVER_FILE), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('protectedHeaders');
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "servers": [', 'it is not valid JSON'],
    ['the wrong layout', '{"servers": {}}', 'it does not have the expected layout'],
    ['a newer format', '{"schemaVersion": 2, "servers": []}', 'it was written by a newer version of the app'],
  ])('a file that is %s is moved aside and reported, never wiped', async (_case, content, reason) => {
    const dir = folder();
    writeFileSync(join(dir, SERVER_FILE), content);
    const loaded = await loadServerFile(dir, sessionOnlySecretStore, now);
    expect(loaded.entries).toBeUndefined();
    expect(loaded.problems).toEqual([expect.stringContaining(reason)]);
    const kept = readdirSync(dir).filter((name) => name.startsWith(`${SERVER_FILE}.corrupt-`));
    expect(kept).toHaveLength(1);
    expect(loaded.problems[0]).toContain(kept[0]);
    expect(readFileSync(join(dir, kept[0]!), 'utf8')).toBe(content);
  });

  it('damaged entries: the file is kept aside as it was and rewritten with the readable ones', async () => {
    const dir = folder();
    const content = JSON.stringify({ schemaVersion: 1, servers: [{ config: command, origin: 'user' }, { config: { id: 'x' }, origin: 'user' }, 'junk'] });
    writeFileSync(join(dir, SERVER_FILE), content);
    const loaded = await loadServerFile(dir, sessionOnlySecretStore, now);
    expect(loaded.entries).toEqual([{ config: command, origin: 'user' }]);
    expect(loaded.problems).toEqual([expect.stringContaining('2 of its servers are damaged')]);
    const kept = readdirSync(dir).find((name) => name.startsWith(`${SERVER_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, kept), 'utf8')).toBe(content);
    expect((await loadServerFile(dir, sessionOnlySecretStore, now)).entries).toEqual([{ config: command, origin: 'user' }]);
  });

  it('a file from before the server settings loads as it is: no roots, not muted', async () => {
    const dir = folder();
    const content = JSON.stringify({ schemaVersion: 1, servers: [{ config: command, origin: 'user' }] });
    writeFileSync(join(dir, SERVER_FILE), content);
    expect(await loadServerFile(dir, sessionOnlySecretStore, now)).toEqual({ entries: [{ config: command, origin: 'user' }], problems: [] });
    expect(readFileSync(join(dir, SERVER_FILE), 'utf8')).toBe(content);
  });

  it('round-trips roots and the mute', async () => {
    const dir = folder();
    const config: ServerConfig = { ...command, roots: [{ uri: 'file:///srv/data', name: 'Data' }, { uri: 'file:///home/me/a%20b' }], notificationsMuted: true };
    await saveServerFile(dir, [preApproved(config, 'user')], sessionOnlySecretStore);
    expect(await loadServerFile(dir, sessionOnlySecretStore, now)).toEqual({ entries: [preApproved(config, 'user')], problems: [] });
  });

  it('hand-edited settings that cannot be read are reported and dropped, never the server; the file is kept aside', async () => {
    const dir = folder();
    const second: ServerConfig = { ...command, id: 'second', name: 'Second', roots: [{ uri: 'file:///srv/second' }] };
    const roots = [{ uri: 'file:///srv/data' }, { uri: 'docs/relative' }, { uri: 'https://example.com/x' }, { path: '/no/uri' }];
    const content = JSON.stringify({ schemaVersion: 1, servers: [{ config: { ...command, roots, notificationsMuted: 'yes' }, origin: 'user' }, { config: second, origin: 'user' }] });
    writeFileSync(join(dir, SERVER_FILE), content);
    const loaded = await loadServerFile(dir, sessionOnlySecretStore, now);
    expect(loaded.entries).toEqual([{ config: { ...command, roots: [{ uri: 'file:///srv/data' }] }, origin: 'user' }, { config: second, origin: 'user' }]);
    expect(loaded.problems).toEqual([
      expect.stringMatching(/some settings of its servers are damaged.*kept as ".*corrupt-.*the servers were loaded without them/),
      'The notification setting of the server "Local" could not be read; its notifications are on.',
      'A shared folder of the server "Local" was left out: "docs/relative" is not a file:// URI of an absolute path (with an optional name).',
      'A shared folder of the server "Local" was left out: "https://example.com/x" is not a file:// URI of an absolute path (with an optional name).',
      'A shared folder of the server "Local" was left out: an entry is not a file:// URI of an absolute path (with an optional name).',
    ]);
    const kept = readdirSync(dir).find((name) => name.startsWith(`${SERVER_FILE}.corrupt-`))!;
    expect(readFileSync(join(dir, kept), 'utf8')).toBe(content);
    expect(await loadServerFile(dir, sessionOnlySecretStore, now)).toEqual({ entries: loaded.entries, problems: [] });
  });

  it('header values a session cannot decrypt are reported by name and written back unchanged', async () => {
    const dir = folder();
    await saveServerFile(dir, [{ config: web, origin: 'user' }], encryptingSecretStore(randomBytes(32)));
    const sealedBefore = (JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { protectedHeaders: unknown }[] }).servers[0]!.protectedHeaders;

    const other = encryptingSecretStore(randomBytes(32));
    const loaded = await loadServerFile(dir, other, now);
    expect(loaded.problems).toEqual([expect.stringMatching(/"Authorization", "X-Team" of the server "Web" could not be decrypted/)]);
    expect(loaded.problems.join()).not.toContain(SECRET);
    const [entry] = loaded.entries!;
    expect(entry!.config).toEqual({ ...web, headers: {} });
    await saveServerFile(dir, loaded.entries!, other);
    const sealedAfter = (JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { protectedHeaders: unknown }[] }).servers[0]!.protectedHeaders;
    expect(sealedAfter).toEqual(sealedBefore);

    expect((await loadServerFile(dir, sessionOnlySecretStore, now)).problems).toEqual([expect.stringContaining('cannot be read in browser mode')]);
  });

  it('plain header and environment values (an earlier version, a hand edit) load, and the file is rewritten at once without them', async () => {
    const dir = folder();
    const secrets = encryptingSecretStore(randomBytes(32));
    const approved = preApproved(stdio, 'import');
    writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ schemaVersion: 1, servers: [approved, { config: web, origin: 'user' }] }));
    const loaded = await loadServerFile(dir, secrets, now);
    expect(loaded).toEqual({ entries: [approved, { config: web, origin: 'user' }], problems: [] });
    expect(isApproved(loaded.entries![0]!)).toBe(true);
    const text = readFileSync(join(dir, SERVER_FILE), 'utf8');
    for (const plain of [TOKEN, 'debug-level', SECRET, 'blue']) expect(text).not.toContain(plain);
    expect(await loadServerFile(dir, secrets, now)).toEqual(loaded);
  });

  it('environment values a session cannot decrypt are named, stop the server from running, and are written back unchanged', async () => {
    const dir = folder();
    await saveServerFile(dir, [preApproved(stdio, 'user')], encryptingSecretStore(randomBytes(32)));
    const before = readFileSync(join(dir, SERVER_FILE), 'utf8');

    const other = encryptingSecretStore(randomBytes(32));
    const loaded = await loadServerFile(dir, other, now);
    expect(loaded.problems).toEqual([expect.stringMatching(/^The server "Local" lost saved environment values: "GITHUB_TOKEN", "LOG_LEVEL" could not be decrypted/)]);
    const [entry] = loaded.entries!;
    expect(entry).toMatchObject({ config: command, sealedEnv: { GITHUB_TOKEN: expect.any(String), LOG_LEVEL: expect.any(String) } });
    expect(isApproved(entry!)).toBe(false);
    await saveServerFile(dir, loaded.entries!, other);
    expect(readFileSync(join(dir, SERVER_FILE), 'utf8')).toBe(before);
  });

  it('an environment value the store cannot protect keeps its name only, and is reported lost at the next load', async () => {
    const dir = folder();
    await saveServerFile(dir, [preApproved(stdio, 'user')], sessionOnlySecretStore);
    const text = readFileSync(join(dir, SERVER_FILE), 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text)).toMatchObject({ servers: [{ config: command, protectedEnv: { GITHUB_TOKEN: null, LOG_LEVEL: null } }] });
    const loaded = await loadServerFile(dir, sessionOnlySecretStore, now);
    expect(loaded.problems).toEqual([expect.stringContaining('"GITHUB_TOKEN", "LOG_LEVEL" was not saved')]);
    expect(isApproved(loaded.entries![0]!)).toBe(false);
  });

  it('removes leftovers of interrupted writes', async () => {
    const dir = folder();
    writeFileSync(join(dir, `${SERVER_FILE}.tmp-0123456789ab`), 'partial');
    writeFileSync(join(dir, 'other.json.tmp-0123456789ab'), 'not ours');
    await loadServerFile(dir, sessionOnlySecretStore, now);
    expect(readdirSync(dir).sort()).toEqual(['other.json.tmp-0123456789ab']);
  });
});
