/** Runs test/fixtures/engine-process.ts as a child process and waits on the events it prints. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../../shared/server-config.js';

const ENTRY = fileURLToPath(new URL('../fixtures/engine-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One JSON line the engine process printed. */
export type EngineEvent = Record<string, unknown> & { event: string };

/** A running engine process. */
export interface EngineProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly events: EngineEvent[];
  /** Resolves with the first event (past or future) matching `predicate`. */
  waitFor(predicate: (event: EngineEvent) => boolean, what: string, timeoutMs?: number): Promise<EngineEvent>;
  /** SIGKILL: no cleanup, no flush — a crash. */
  kill(): Promise<void>;
}

/** Starts an engine process on `data` with one server, optionally calling a tool once connected. */
export function startEngineProcess(data: string, server: ServerConfig, call?: { tool: string; args: Record<string, unknown> }): EngineProcess {
  const args = ['--import', 'tsx', ENTRY, '--data', data, '--server', JSON.stringify(server)];
  if (call !== undefined) args.push('--call', call.tool, '--args', JSON.stringify(call.args));
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'pipe' });
  const events: EngineEvent[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      events.push(JSON.parse(line) as EngineEvent);
    } catch {
      return;
    }
    for (const waiter of [...waiters]) waiter();
  });
  return {
    child,
    events,
    waitFor(predicate, what, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = events.find(predicate);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out waiting for ${what}; engine stderr:\n${stderr.slice(-2_000)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}
