/** Process-level measurements of a worker over the measured window. */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the meter saw between `start()` and `stop()`. */
export interface WindowMeasure {
  startMs: number;
  endMs: number;
  cpuMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** Measures CPU and event-loop delay of this process over one window. */
export class WindowMeter {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private startMs = 0;
  private cpuAtStart: NodeJS.CpuUsage = { user: 0, system: 0 };

  start(): void {
    this.startMs = Date.now();
    this.cpuAtStart = process.cpuUsage();
    this.loopDelay.enable();
  }

  stop(): WindowMeasure {
    const cpu = process.cpuUsage(this.cpuAtStart);
    this.loopDelay.disable();
    return {
      startMs: this.startMs,
      endMs: Date.now(),
      cpuMs: (cpu.user + cpu.system) / 1_000,
      loopDelayP99Ms: this.loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: this.loopDelay.max / 1e6,
    };
  }
}

/** A window's figures as a worker reports them (`WorkerReport`'s window part), with the peak RSS so far. */
export function windowFigures(window: WindowMeasure) {
  return {
    windowStartMs: window.startMs,
    windowEndMs: window.endMs,
    cpuMs: window.cpuMs,
    peakRssMb: peakRssMb(),
    loopDelayP99Ms: window.loopDelayP99Ms,
    loopDelayMaxMs: window.loopDelayMaxMs,
  };
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1_024;
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
