/**
 * `@modelcontextprotocol/server-everything` (2025-11-25, SDK 1.x), an independent peer: its stdio
 * command for an engine config, or its Streamable HTTP server as a real child process on a port
 * the test chooses, so it can be restarted on the same address. Unlike our demo server it answers
 * a session it does not have with HTTP 400 "No valid session ID provided", not the spec's 404.
 * Its HTTP server binds every interface: tests only ever talk to it on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { ServerConfig } from '../../shared/server-config.js';

const require = createRequire(import.meta.url);
const everythingMain = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** An engine config running server-everything over stdio. */
export function everythingStdioConfig(id: string): ServerConfig {
  return { id, name: 'Everything', transport: 'stdio', command: process.execPath, args: [everythingMain, 'stdio'] };
}

/** A running server-everything HTTP process. */
export interface EverythingHttp {
  /** Its MCP endpoint. */
  readonly url: string;
  /** Kills it (SIGKILL: no goodbye to its sessions) and resolves once it exited. */
  kill(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts server-everything's Streamable HTTP transport on `port`; resolves once it listens. */
export function startEverythingHttp(port: number, timeoutMs = 20_000): Promise<EverythingHttp> {
  return startEverything('streamableHttp', port, timeoutMs, 'listening on port', '/mcp');
}

/**
 * Starts server-everything's older HTTP+SSE transport (2024-11-05) on `port`: `url` is its stream
 * (`GET /sse`, whose `endpoint` event names `POST /message?sessionId=…`); a POST to it is a 404.
 */
export function startEverythingSse(port: number, timeoutMs = 20_000): Promise<EverythingHttp> {
  return startEverything('sse', port, timeoutMs, 'running on port', '/sse');
}

async function startEverything(mode: string, port: number, timeoutMs: number, listening: string, path: string): Promise<EverythingHttp> {
  const child: ChildProcess = spawn(process.execPath, [everythingMain, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not listen within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      if (log.includes(listening)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}:\n${log}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}${path}`,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
