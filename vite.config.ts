import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One Vite config: the renderer build (`renderer/` → `dist/renderer/`, relative asset paths so
 * the same build serves from `app://` in Electron and over HTTP in browser mode) and the Vitest
 * run. Integration tests spawn real server processes, so they get generous timeouts and run in
 * forked workers (child processes must not outlive a worker). Renderer tests pick jsdom per file.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  // zod's jitless mode must be set before any schema is built, in whichever chunk that is (the
  // renderer build only: tests run in Node or jsdom, where there is no CSP).
  ...(process.env.VITEST === undefined ? { resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./renderer/zod-jitless.ts', import.meta.url)) }] } } : {}),
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Electron's Chromium and the browsers browser mode supports all know `<link rel=modulepreload>`:
    // the polyfill would only add to the first paint's JavaScript.
    modulePreload: { polyfill: false },
    rollupOptions: {
      onwarn(warning, warn) {
        // TanStack Query's "use client" directives mean nothing outside React Server Components.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default'],
  },
});
