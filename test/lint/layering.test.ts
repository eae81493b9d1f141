/**
 * The layering rules of eslint.config.js, each proved by a fixture that breaks it and one that
 * keeps it. A fixture at `test/lint/fixtures/<path>` is linted, with the repository's own config,
 * as if it were the file `<path>`: the path decides which rules apply. (`eslint .` skips the
 * fixtures folder; the fixtures break the rules on purpose.)
 *
 * The type-aware rules are switched off here: the typed project only knows files on disk, and the
 * fixtures' paths are not. The import rules need no types.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
// The first file loads the config and the parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

/** A fixture breaking one rule, and the words of that rule's message. */
const BAD: readonly [fixture: string, message: string][] = [
  ['electron/host/imports-electron.ts', 'The host core runs in plain Node (browser mode, the CLI): never import electron.'],
  ['electron/serve/imports-electron.ts', 'Browser mode runs in plain Node: never import electron.'],
  ['shared/imports-worker-threads.ts', 'shared/ is runtime-neutral: no node built-ins.'],
  ['renderer/imports-zlib.ts', 'The renderer has no Node: no node built-ins.'],
  ['electron/host/imports-engine-internals.ts', 'Use the engine through electron/engine/index.ts: its internals are not an API.'],
  ['electron/main/imports-engine-internals.ts', 'Use the engine through electron/engine/index.ts: its internals are not an API.'],
  ['electron/serve/imports-engine-internals.ts', 'Use the engine through electron/engine/index.ts: its internals are not an API.'],
  ['electron/cli/imports-engine-internals.ts', 'Use the engine through electron/engine/index.ts: its internals are not an API.'],
  ['electron/host/imports-demo-servers.ts', 'The shells choose the default servers and pass them in (CreateHostOptions.defaultServers).'],
  ['electron/engine/imports-host.ts', 'The engine imports only shared/, electron/node and node: the hosts build on it, not it on them.'],
  ['electron/node/imports-engine.ts', 'electron/node imports only node and shared/.'],
  ['electron/main/uses-ipc-main.ts', 'Raw IPC only in electron/main/ipc-bridge.ts (ipcMain) and electron/preload/preload.ts (ipcRenderer).'],
  ['electron/preload/uses-ipc-renderer.ts', 'Raw IPC only in electron/main/ipc-bridge.ts (ipcMain) and electron/preload/preload.ts (ipcRenderer).'],
];

/** The counterparts: the allowed way, which lints clean. */
const GOOD: readonly string[] = [
  'electron/serve/imports-node-layer.ts',
  'shared/imports-shared.ts',
  'renderer/imports-shared.ts',
  'electron/host/imports-engine-entry.ts',
  'electron/main/imports-engine-entry.ts',
  'electron/serve/imports-engine-entry.ts',
  'electron/cli/imports-engine-entry.ts',
  'electron/serve/imports-demo-servers.ts',
  'electron/engine/imports-node-layer.ts',
  'electron/node/imports-shared.ts',
  'electron/main/ipc-bridge.ts',
  'electron/preload/preload.ts',
];

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT, overrideConfig: tseslint.configs.disableTypeChecked });
});

/** Every message ESLint gives for the fixture, linted as the file at its path in the repository. */
async function lintFixture(fixture: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(readFileSync(join(FIXTURES, fixture), 'utf8'), { filePath: join(REPO_ROOT, fixture) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('layering lint', () => {
  it.each(BAD)('%s breaks exactly its rule', async (fixture, message) => {
    const messages = await lintFixture(fixture);
    expect(messages).toEqual([{ ruleId: 'no-restricted-imports', message: expect.stringContaining(message) }]);
  }, LINT_TIMEOUT_MS);

  it.each(GOOD)('%s lints clean', async (fixture) => {
    expect(await lintFixture(fixture)).toEqual([]);
  }, LINT_TIMEOUT_MS);
});
