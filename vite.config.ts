import { defineConfig } from 'vitest/config';

/**
 * One Vite config: the renderer build (added with the desktop shell) and the Vitest run.
 * Integration tests spawn real server processes, so they get generous timeouts and
 * run in forked workers (child processes must not outlive a worker).
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default'],
  },
});
