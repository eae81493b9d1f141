/**
 * A tiny stand-in for `dist/renderer` (so the tests need no vite build) with bait around it: a
 * `package.json` next to the root and a symlink inside it that points out, both holding a
 * marker no answer may ever contain. Plus raw HTTP and WebSocket clients that can send what a
 * browser would not (foreign Host and Origin headers, traversal paths, garbage frames).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { HostFrameSchema, type EventFrame, type HostFrame, type ResultFrame } from '../../shared/ipc/socket-protocol.js';
import { tempDir } from '../host/host-harness.js';

/** In every file outside the static root; never in an answer. */
export const OUTSIDE_MARKER = 'OUTSIDE-THE-ROOT-7f3a';
export const INDEX_HTML = '<!doctype html><meta charset="utf-8"><title>MCP Task Monitor</title><script type="module" src="./assets/app.js"></script>';

/** A temp folder with `site/` (index.html, assets) and bait around it; `cleanup` removes it. */
export function siteFixture(): { root: string; dataDir: string; cleanup: () => void } {
  const { dir, cleanup } = tempDir('mtm-serve-');
  const root = join(dir, 'site');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(root, 'assets', 'app.css'), 'body { margin: 0; }');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: OUTSIDE_MARKER }));
  writeFileSync(join(dir, 'secret.txt'), OUTSIDE_MARKER);
  symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'leak.txt'));
  return { root, dataDir: join(dir, 'data'), cleanup };
}

/** An HTTP answer. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request to 127.0.0.1:`port` with exactly the given path (no normalization) and headers. */
export function send(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, agent: false, headers: { host: `127.0.0.1:${port}`, ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A socket speaking the bridge protocol; every frame from the host is checked against HostFrameSchema. */
export class BridgeClient {
  readonly frames: HostFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #nextId = 1;
  readonly #waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(HostFrameSchema.parse(JSON.parse(data.toString('utf8'))));
      for (const wake of [...this.#waiters]) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string>): Promise<BridgeClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      ws.once('open', () => resolve(new BridgeClient(ws)));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Sends an invoke and resolves with its result frame. */
  async invoke(channel: string, request: unknown): Promise<ResultFrame['result']> {
    const id = this.#nextId++;
    this.ws.send(JSON.stringify({ type: 'invoke', id, channel, request }));
    return (await this.waitFor((frame) => frame.type === 'result' && frame.id === id ? frame : undefined)).result;
  }

  /** Resolves with the first frame (past or future) for which `check` returns something. */
  waitFor<T>(check: (frame: HostFrame) => T | undefined, timeoutMs = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const wake = (): void => {
        for (; seen < this.frames.length; seen += 1) {
          const value = check(this.frames[seen]!);
          if (value !== undefined) {
            clearTimeout(timer);
            this.#waiters.delete(wake);
            return resolve(value);
          }
        }
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(new Error(`no matching frame within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.add(wake);
      wake();
    });
  }

  /** Event frames of one channel so far. */
  events(channel: string): EventFrame[] {
    return this.frames.filter((frame): frame is EventFrame => frame.type === 'event' && frame.channel === channel);
  }

  close(): void {
    this.ws.close();
  }
}
