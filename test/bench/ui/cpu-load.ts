/**
 * The "other work running" of the UI benchmark's loaded run: one child process spinning a busy
 * loop, pinned to the machine's last core where `taskset` exists (so it competes as another
 * program on the machine would, not as a second thread of the page). Stopped by the returned
 * function or, if the bench dies, by its clean-up stack.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const BUSY_LOOP = 'for (;;) {}';

/** True when `taskset` can pin a process here (Linux with util-linux). */
function canPin(): boolean {
  return process.platform === 'linux' && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Starts the busy loop; resolves once it runs. The result stops it (idempotent). */
export async function startCpuLoad(): Promise<{ pinnedToCore: number | null; stop: () => Promise<void> }> {
  const core = canPin() ? availableParallelism() - 1 : null;
  const child = core === null
    ? spawn(process.execPath, ['-e', BUSY_LOOP], { stdio: 'ignore' })
    : spawn('taskset', ['-c', String(core), process.execPath, '-e', BUSY_LOOP], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pinnedToCore: core,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
