/**
 * Headless Chromium driven over a bare DevTools pipe (`--remote-debugging-pipe`), for the UI
 * benchmark's measured pages. Playwright enables the Network domain on every page it drives, so
 * Chromium copies every WebSocket frame the page receives to it over the DevTools pipe: the
 * browser-mode inbox's 5 MB task list and each update. Measured: the browser process then spends
 * about 350 ms of the list's first paint serializing and writing that copy, and the page's next
 * frame waits for it (first paint 640–790 ms under Playwright, 300–400 ms without, same build).
 * No user's browser or Electron window pays that, so the benchmark's pages enable only what it
 * reads: Page (to load), Runtime (to evaluate and see uncaught errors) and Performance (metrics).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_FLAGS, requireChromium } from '../../e2e/browser.js';

type Message = { id?: number; method?: string; params?: Record<string, unknown>; sessionId?: string; result?: unknown; error?: { message: string } };

/** One page: evaluate expressions in it, read its Performance metrics, see its uncaught errors. */
export interface CdpPage {
  /** The value of a JavaScript expression (awaited when it is a promise), returned by value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Resolves once `expression` is truthy, checked every `pollMs`; rejects after `timeoutMs`. */
  waitFor(expression: string, timeoutMs: number, pollMs?: number): Promise<void>;
  /** `Performance.getMetrics` as a name → value map (durations in seconds). */
  metrics(): Promise<Record<string, number>>;
  /** Messages of uncaught errors thrown in the page so far. */
  readonly pageErrors: readonly string[];
  close(): Promise<void>;
}

/** What a page is opened with. */
export interface PageOptions {
  url: string;
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
  /** Runs before any script of the page (`Page.addScriptToEvaluateOnNewDocument`). */
  initScript: string;
}

/** A Chromium process; `close` ends it and removes its profile folder. */
export interface CdpBrowser {
  openPage(options: PageOptions): Promise<CdpPage>;
  close(): Promise<void>;
}

/** Starts headless Chromium with the suite's flags and a fresh profile. */
export function launchCdpBrowser(): CdpBrowser {
  const profile = mkdtempSync(join(tmpdir(), 'mtm-cdp-profile-'));
  // Playwright passes these too: a headless page is never treated as one in the background.
  const flags = [...CHROMIUM_FLAGS, '--headless', '--remote-debugging-pipe', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding', `--user-data-dir=${profile}`, 'about:blank'];
  const child: ChildProcess = spawn(requireChromium(), flags, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const eventHandlers = new Map<string, (message: Message) => void>();
  let nextId = 1;
  let pending = '';
  let exited: Error | undefined;

  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    pending += chunk;
    // Messages are JSON texts, each ended by a NUL byte.
    for (let end = pending.indexOf('\0'); end !== -1; end = pending.indexOf('\0')) {
      const message = JSON.parse(pending.slice(0, end)) as Message;
      pending = pending.slice(end + 1);
      if (message.id !== undefined) {
        const call = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error !== undefined) call?.reject(new Error(message.error.message));
        else call?.resolve(message.result);
      } else if (message.sessionId !== undefined) {
        eventHandlers.get(message.sessionId)?.(message);
      }
    }
  });
  child.once('exit', (code) => {
    exited = new Error(`Chromium exited (code ${String(code)})`);
    for (const call of waiting.values()) call.reject(exited);
    waiting.clear();
  });

  const send = <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited !== undefined) return reject(exited);
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId !== undefined ? { sessionId } : {}) })}\0`);
    });

  return {
    async openPage(options) {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const pageErrors: string[] = [];
      eventHandlers.set(sessionId, (message) => {
        if (message.method !== 'Runtime.exceptionThrown') return;
        const details = message.params?.exceptionDetails as { text?: string; exception?: { description?: string } } | undefined;
        pageErrors.push(details?.exception?.description ?? details?.text ?? 'uncaught error');
      });
      const call = <T>(method: string, params?: Record<string, unknown>) => send<T>(method, params, sessionId);
      await call('Emulation.setDeviceMetricsOverride', { width: options.width, height: options.height, deviceScaleFactor: 1, mobile: false });
      await call('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: options.colorScheme }] });
      await call('Page.enable');
      await call('Runtime.enable');
      await call('Performance.enable');
      await call('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
      await call('Page.navigate', { url: options.url });

      const evaluate = async <T>(expression: string): Promise<T> => {
        const { result, exceptionDetails } = await call<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
        if (exceptionDetails !== undefined) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
        return result.value as T;
      };
      return {
        evaluate,
        async waitFor(expression, timeoutMs, pollMs = 100) {
          const deadline = Date.now() + timeoutMs;
          while (!(await evaluate<boolean>(`Boolean(${expression})`))) {
            if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
            await new Promise((resolve) => setTimeout(resolve, pollMs));
          }
        },
        async metrics() {
          const { metrics } = await call<{ metrics: { name: string; value: number }[] }>('Performance.getMetrics');
          return Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
        },
        pageErrors,
        async close() {
          eventHandlers.delete(sessionId);
          await send('Target.closeTarget', { targetId });
        },
      };
    },
    async close() {
      if (exited === undefined) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await gone;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
