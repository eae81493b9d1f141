// @ts-check
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/*
 * Layering (docs/architecture.md#layering): who may import whom. In plain Node the `electron`
 * package does not provide the API, so a stray import fails later, far from its cause: only lint
 * catches it.
 *
 * ESLint keeps one set of options per rule and file (the last matching config wins), so each folder
 * below states its whole `no-restricted-imports` list, built from these parts.
 * test/lint/layering.test.ts proves each rule with a failing fixture and a passing one.
 */

/** @typedef {{ name: string, message: string, importNames?: string[] }} RestrictedPath */
/** @typedef {{ group: string[], message: string }} RestrictedPattern */
/** @typedef {{ paths?: RestrictedPath[], patterns?: RestrictedPattern[] }} Restriction */

/**
 * Every Node built-in by its exact name (so a folder that happens to be called `console` is not
 * one), and anything `node:`.
 * @param {string} message
 * @returns {Restriction}
 */
const nodeBuiltins = (message) => ({
  paths: builtinModules.map((name) => ({ name, message })),
  patterns: [{ group: ['node:*'], message }],
});

/**
 * @param {string} message
 * @returns {Restriction}
 */
const noElectron = (message) => ({
  paths: [{ name: 'electron', message }],
  patterns: [{ group: ['electron/*'], message }],
});

/**
 * Imports reaching into any of the source folders named (relative paths included).
 * @param {string[]} folders
 * @param {string} message
 * @returns {Restriction}
 */
const noFolders = (folders, message) => ({
  patterns: [{ group: folders.map((folder) => `**/${folder}/**`), message }],
});

/** Outside the engine, its public entry only. @type {Restriction} */
const engineEntryOnly = {
  patterns: [{ group: ['**/engine/**', '!**/engine/index.js'], message: 'Use the engine through electron/engine/index.ts: its internals are not an API.' }],
};

/**
 * Raw IPC stays in its two wrappers, which check senders and allowlist channels.
 * @param {('ipcMain' | 'ipcRenderer')[]} names
 * @returns {Restriction}
 */
const noRawIpc = (names) => ({
  paths: [{ name: 'electron', importNames: names, message: 'Raw IPC only in electron/main/ipc-bridge.ts (ipcMain) and electron/preload/preload.ts (ipcRenderer).' }],
});

/**
 * One folder's whole `no-restricted-imports`.
 * @param {Restriction[]} parts
 */
const restrictImports = (...parts) => ({
  'no-restricted-imports': /** @type {const} */ (['error', {
    paths: parts.flatMap((part) => part.paths ?? []),
    patterns: parts.flatMap((part) => part.patterns ?? []),
  }]),
});

/** The programs around the host core: Electron main, browser mode, the terminal CLI. */
const SHELLS = ['main', 'serve', 'cli'];

/** @type {Restriction} */
const mainImports = noFolders(['serve', 'cli', 'preload', 'renderer'], 'Electron main never imports browser mode, the CLI, the preload or the renderer.');

/** @type {Restriction} */
const preloadImports = {
  patterns: [{ group: ['**/engine/**', '**/main/**', '**/host/**', '**/renderer/**', 'zod', '**/ipc/contract*'], message: 'The preload only forwards the allowlisted channels (shared/ipc/channels).' }],
};

export default tseslint.config(
  // The lint fixtures break these rules on purpose; test/lint/layering.test.ts lints them at the paths they stand for.
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'coverage/**', 'test/lint/fixtures/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='shell'][property.name='openExternal']", message: 'Use openExternalSafe.' },
      ],
      // Everywhere the folders below do not say otherwise (tests, tooling).
      ...restrictImports(noRawIpc(['ipcMain', 'ipcRenderer'])),
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrictImports(
      noElectron('shared/ is runtime-neutral: no electron.'),
      nodeBuiltins('shared/ is runtime-neutral: no node built-ins.'),
      noFolders(['electron', 'renderer'], 'shared/ imports only shared/.'),
    ),
  },
  {
    // General Node utilities (atomic files, logging): below the engine and every host.
    files: ['electron/node/**/*.ts'],
    rules: restrictImports(
      noElectron('electron/node runs in plain Node: never import electron.'),
      noFolders(['engine', 'host', ...SHELLS, 'preload', 'renderer', 'demo-server'], 'electron/node imports only node and shared/.'),
    ),
  },
  {
    files: ['electron/engine/**/*.ts'],
    rules: restrictImports(
      noElectron('The engine runs in plain Node: never import electron.'),
      noFolders(['host', ...SHELLS, 'preload', 'renderer', 'demo-server'], 'The engine imports only shared/, electron/node and node: the hosts build on it, not it on them.'),
    ),
  },
  {
    files: ['electron/demo-server/**/*.ts'],
    rules: restrictImports(
      noElectron('The demo servers run in plain Node: never import electron.'),
      noFolders(['main', 'preload', 'renderer'], 'The demo servers import only shared/ and node.'),
    ),
  },
  {
    // The host core is shared by Electron main and browser mode: plain Node, no shell of its own.
    files: ['electron/host/**/*.ts'],
    rules: restrictImports(
      noElectron('The host core runs in plain Node (browser mode, the CLI): never import electron.'),
      noFolders([...SHELLS, 'preload', 'renderer'], 'The host core imports the engine, electron/node and shared/; the shells import it.'),
      noFolders(['demo-server'], 'The shells choose the default servers and pass them in (CreateHostOptions.defaultServers).'),
      engineEntryOnly,
    ),
  },
  {
    files: ['electron/serve/**/*.ts'],
    rules: restrictImports(
      noElectron('Browser mode runs in plain Node: never import electron.'),
      noFolders(['main', 'preload', 'renderer'], 'Browser mode never imports Electron main, the preload or the renderer.'),
      engineEntryOnly,
    ),
  },
  {
    files: ['electron/main/**/*.ts'],
    rules: restrictImports(
      mainImports,
      engineEntryOnly,
      noRawIpc(['ipcMain', 'ipcRenderer']),
    ),
  },
  {
    files: ['electron/main/ipc-bridge.ts'],
    rules: restrictImports(
      mainImports,
      engineEntryOnly,
      noRawIpc(['ipcRenderer']),
    ),
  },
  {
    // The terminal programs run in plain Node too.
    files: ['electron/cli/**/*.ts'],
    rules: restrictImports(
      noElectron('The CLI runs in plain Node: never import electron.'),
      noFolders(['main', 'preload', 'renderer'], 'The CLI imports only the engine, the host core, electron/node, shared/ and node.'),
      engineEntryOnly,
    ),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...restrictImports(
        { paths: [{ name: 'electron', message: 'The renderer is sandboxed: no electron.' }] },
        nodeBuiltins('The renderer has no Node: no node built-ins.'),
        noFolders(['electron'], 'The renderer talks to the host only through the bridge (shared/ipc).'),
      ),
      // Server strings render as text only (docs/security.md#untrusted-text).
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render HTML.' }],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: restrictImports(
      preloadImports,
      noRawIpc(['ipcMain', 'ipcRenderer']),
    ),
  },
  {
    files: ['electron/preload/preload.ts'],
    rules: restrictImports(
      preloadImports,
      noRawIpc(['ipcMain']),
    ),
  },
  {
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Asymmetric matchers (expect.any, expect.stringContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
