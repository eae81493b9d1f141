/**
 * What a fixture server records about the requests it serves, and the file it leaves behind
 * when it ends. Arrival times are wall-clock ms (`Date.now()`) so the bench can cut the
 * measured window out of them afterwards; each poll also carries the gap since the previous
 * poll of the same task, as a multiple of that task's interval (1.0 = exactly on cadence).
 * Node built-ins only: it is part of the fixture server, which must start fast.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file a fixture server writes at exit: `<statsDir>/<pid>.json`. */
export interface RequestLogFile {
  seed: string;
  pid: number;
  /** Messages received, by method (requests and notifications). */
  methods: Record<string, number>;
  /** Error responses sent, by `"<method> <code>"`. */
  errors: Record<string, number>;
  /** One entry per answered `tasks/get`, in arrival order. */
  polls: {
    at: number[];
    taskIndex: number[];
    /** Gap since the previous poll of the task ÷ its interval; -1 for a task's first poll. */
    gapRatio: number[];
  };
}

/** The in-memory log of one fixture server process. */
export class RequestLog {
  private readonly methods: Record<string, number> = {};
  private readonly errors: Record<string, number> = {};
  private readonly at: number[] = [];
  private readonly taskIndex: number[] = [];
  private readonly gapRatio: number[] = [];
  private readonly lastPollAt: Float64Array;

  constructor(private readonly seed: string, taskCount: number) {
    this.lastPollAt = new Float64Array(taskCount).fill(Number.NaN);
  }

  /** Counts one message (request or notification) of `method`. */
  request(method: string): void {
    this.methods[method] = (this.methods[method] ?? 0) + 1;
  }

  /** Counts one error response. */
  error(method: string, code: number): void {
    const key = `${method} ${code}`;
    this.errors[key] = (this.errors[key] ?? 0) + 1;
  }

  /** Records an answered poll of task `index` (interval `intervalMs`) that arrived at `atMs`. */
  poll(index: number, intervalMs: number, atMs: number): void {
    const previous = this.lastPollAt[index] ?? Number.NaN;
    this.at.push(atMs);
    this.taskIndex.push(index);
    this.gapRatio.push(Number.isNaN(previous) ? -1 : (atMs - previous) / intervalMs);
    this.lastPollAt[index] = atMs;
  }

  /** Writes the log synchronously: called while the process is being told to end. */
  writeTo(statsDir: string): void {
    const file: RequestLogFile = {
      seed: this.seed,
      pid: process.pid,
      methods: this.methods,
      errors: this.errors,
      polls: { at: this.at, taskIndex: this.taskIndex, gapRatio: this.gapRatio },
    };
    writeFileSync(join(statsDir, `${process.pid}.json`), JSON.stringify(file));
  }
}
