/**
 * What the UI benchmark and the screenshot program share: building the renderer, and a stack
 * of clean-up steps that runs (in reverse order, each bounded in time) on success, on failure
 * and on SIGINT/SIGTERM, so the browser, the browser-mode server, the host and its server
 * processes, and the temp folders are gone whatever happens.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds the renderer into dist/renderer (`vite build`, ~3 s), so the page is the current source. */
export function buildRenderer(): void {
  const result = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) throw new Error(`vite build failed (exit ${String(result.status)})`);
}

type Step = { name: string; run: () => Promise<void> | void };

/** Clean-up steps, run last-in first-out. */
export class Cleanup {
  readonly #steps: Step[] = [];
  #running: Promise<void> | undefined;

  add(name: string, run: () => Promise<void> | void): void {
    this.#steps.push({ name, run });
  }

  /** Runs every step once, each within `timeoutMs`; failures are reported, not thrown. */
  runAll(timeoutMs = 15_000): Promise<void> {
    return (this.#running ??= (async () => {
      while (this.#steps.length > 0) {
        const step = this.#steps.pop()!;
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(step.run),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
        } catch (error) {
          process.stderr.write(`clean-up "${step.name}" failed: ${error instanceof Error ? error.message : String(error)}\n`);
        } finally {
          clearTimeout(timer);
        }
      }
    })());
  }
}

/**
 * Runs `main` with a clean-up stack; exits 0 when it resolves, 1 when it throws, 130/143 on
 * SIGINT/SIGTERM — always after the clean-up ran.
 */
export function runProgram(main: (cleanup: Cleanup) => Promise<void>): void {
  const cleanup = new Cleanup();
  const finish = async (code: number): Promise<never> => {
    await cleanup.runAll();
    process.exit(code);
  };
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      process.stderr.write(`${signal}: stopping\n`);
      void finish(code);
    });
  }
  main(cleanup).then(
    () => finish(0),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      return finish(1);
    },
  );
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
