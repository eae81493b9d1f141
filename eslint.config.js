// @ts-check
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Layering of docs/architecture.md#layering: who may import whom. Only lint catches `import 'electron'` in plain Node. */
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'net', 'events', 'stream', 'url', 'util'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'release/**', 'coverage/**'] },
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
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['electron', 'electron/*'], message: 'shared/ is runtime-neutral: no electron.' },
          { group: nodeBuiltins, message: 'shared/ is runtime-neutral: no node built-ins.' },
          { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports only shared/.' },
        ],
      }],
    },
  },
  {
    files: ['electron/engine/**/*.ts', 'electron/demo-server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The engine runs in plain Node: never import electron.' }],
        patterns: [
          { group: ['electron/*'], message: 'The engine runs in plain Node: never import electron.' },
          { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'The engine imports only shared/ and node.' },
        ],
      }],
    },
  },
  {
    // The terminal programs run in plain Node too, and reach the engine through its public door only.
    files: ['electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The CLI runs in plain Node: never import electron.' }],
        patterns: [
          { group: ['electron/*'], message: 'The CLI runs in plain Node: never import electron.' },
          { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'The CLI imports only the engine, the host core, shared/ and node.' },
          {
            group: ['**/engine/**', '!**/engine/index.js', '!**/engine/node-ports.js', '!**/engine/console-logger.js'],
            message: 'Use the engine through electron/engine/index.ts (and node-ports.ts): its internals are not an API.',
          },
        ],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer is sandboxed: no electron.' }],
        patterns: [
          { group: nodeBuiltins, message: 'The renderer has no Node: no node built-ins.' },
          { group: ['**/electron/**'], message: 'The renderer talks to the host only through the bridge (shared/ipc).' },
        ],
      }],
      // Server strings render as text only (docs/security.md#untrusted-text).
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render HTML.' }],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/serve/**/*.ts', 'electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**'], message: 'Hosts never import the renderer.' }],
      }],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/engine/**', '**/main/**', '**/host/**', '**/renderer/**', 'zod', '**/ipc/contract*'], message: 'The preload only forwards the allowlisted channels (shared/ipc/channels).' },
        ],
      }],
    },
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
