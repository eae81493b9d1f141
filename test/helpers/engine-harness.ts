/** Builds real engines on temp data folders and waits on engine state (never on sleeps). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerState } from '../../shared/server-config.js';
import type { PendingInput, TrackedTask } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, systemClock, type Clock, type Engine, type EnginePorts, type TimerHandle } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';

/** A fresh temp data folder; `cleanup` removes it. */
export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mtm-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The system clock, counting timers that are armed and have neither fired nor been cancelled. */
export class TrackingClock implements Clock {
  private live = 0;

  get liveTimers(): number {
    return this.live;
  }

  now(): number {
    return systemClock.now();
  }

  monotonic(): number {
    return systemClock.monotonic();
  }

  setTimer(delayMs: number, callback: () => void): TimerHandle {
    this.live += 1;
    let done = false;
    const settle = (): void => {
      if (!done) this.live -= 1;
      done = true;
    };
    const handle = systemClock.setTimer(delayMs, () => {
      settle();
      callback();
    });
    return { cancel: () => { handle.cancel(); settle(); } };
  }
}

/** An engine on real files in `dir`, logging warnings to stderr, on `clock`, with any other `ports`. */
export function nodeEngine(dir: string, clock: Clock = systemClock, ports: Partial<EnginePorts> = {}): Engine {
  return createEngine({ ...createNodePorts(dir, createConsoleLogger('warn')), clock, ...ports });
}

/** Resolves with the first value for which `check` returns something, re-checked on each event. */
function waitFor<T>(subscribe: (listener: () => void) => { dispose(): void }, check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const first = check();
    if (first !== undefined) return resolve(first);
    const subscription = subscribe(() => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
  });
}

/** Waits until the task `id` satisfies `predicate`. */
export function waitForTask(engine: Engine, id: string, predicate: (task: TrackedTask) => boolean, timeoutMs = 20_000, what = 'a task state'): Promise<TrackedTask> {
  return waitFor((listener) => engine.onDidUpdateTask(listener), () => {
    const task = engine.getTask(id);
    return task !== undefined && predicate(task) ? task : undefined;
  }, timeoutMs, what);
}

/** Waits until server `id` is connected. */
export function waitForServer(engine: Engine, id: string, timeoutMs = 20_000): Promise<ServerState> {
  return waitFor((listener) => engine.onDidChangeServer(listener), () => {
    const state = engine.listServers().find((server) => server.id === id);
    return state?.status === 'connected' ? state : undefined;
  }, timeoutMs, `server ${id} to connect`);
}

/** Waits until server `id`'s state satisfies `predicate`; resolves with that state. */
export function waitForServerState(engine: Engine, id: string, predicate: (state: ServerState) => boolean, timeoutMs = 20_000, what = `a state of server ${id}`): Promise<ServerState> {
  return waitFor((listener) => engine.onDidChangeServer(listener), () => {
    const state = engine.listServers().find((server) => server.id === id);
    return state !== undefined && predicate(state) ? state : undefined;
  }, timeoutMs, what);
}

/** Waits until a pending input of task `taskId` exists. */
export function waitForInput(engine: Engine, taskId: string, timeoutMs = 20_000): Promise<PendingInput> {
  return waitFor((listener) => engine.onDidChangeInputs(listener), () => engine.listInputs().find((input) => input.localId === taskId), timeoutMs, `an input request of ${taskId}`);
}

/** Waits until a pending input satisfies `predicate`; resolves with it. */
export function waitForInputMatching(engine: Engine, predicate: (input: PendingInput) => boolean, what: string, timeoutMs = 20_000): Promise<PendingInput> {
  return waitFor((listener) => engine.onDidChangeInputs(listener), () => engine.listInputs().find(predicate), timeoutMs, what);
}

/** Waits until task `taskId` has exactly `count` pending inputs; resolves with them. */
export function waitForInputs(engine: Engine, taskId: string, count: number, timeoutMs = 20_000): Promise<PendingInput[]> {
  return waitFor((listener) => engine.onDidChangeInputs(listener), () => {
    const inputs = engine.listInputs().filter((input) => input.localId === taskId);
    return inputs.length === count ? inputs : undefined;
  }, timeoutMs, `${count} input requests of ${taskId}`);
}

/** Polls a condition that has no event to wait on (a proxy's request log, files on disk). */
export async function pollUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
