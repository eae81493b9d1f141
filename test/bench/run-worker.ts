/**
 * Starts one bench worker (a compiled worker script on plain `node`, with an IPC channel) and
 * waits for its report. The worker is killed when it overruns `timeoutMs` or when
 * the bench itself is interrupted, so no client outlives the bench; its stdio servers end with
 * it (their stdin closes).
 */
import { fork } from 'node:child_process';
import type { WorkerMessage, WorkerReport } from './worker-protocol.js';

const INTERRUPTS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** Runs `script` with `setup`; resolves with its report, rejects with why there is none. */
export function runWorker<R = WorkerReport>(script: string, setup: object, timeoutMs: number): Promise<R> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [JSON.stringify(setup)], {
      // Not the bench's own flags (under `tsx` they would load its loader into the worker); only
      // those asked for in BENCH_NODE_FLAGS, e.g. to profile.
      execArgv: process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let message: WorkerMessage<R> | undefined;
    let stopReason: string | undefined;
    const stop = (reason: string): void => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const onInterrupt = (): void => stop('the bench was interrupted');
    const timer = setTimeout(() => stop(`it ran longer than ${timeoutMs} ms`), timeoutMs);
    for (const signal of INTERRUPTS) process.on(signal, onInterrupt);
    child.on('message', (received) => {
      message = received as WorkerMessage<R>;
    });
    const settle = (): void => {
      clearTimeout(timer);
      for (const name of INTERRUPTS) process.off(name, onInterrupt);
    };
    child.on('error', (error) => {
      settle();
      reject(new Error(`The worker ${script} could not run: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      settle();
      if (message?.kind === 'report' && code === 0) return resolve(message.report);
      const why = stopReason ?? (message?.kind === 'error' ? message.message : `it exited with ${code ?? signal}`);
      reject(new Error(`The worker ${script} failed: ${why}`));
    });
  });
}
