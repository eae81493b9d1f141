// @ts-check
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Layering of ARCHITECTURE.md §2: who may import whom. Only lint catches `import 'electron'` in plain Node. */
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
    files: ['electron/engine/**/*.ts', 'electron/demo-server/**/*.ts', 'electron/cli/**/*.ts'],
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
    files: ['test/**/*.ts'],
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
