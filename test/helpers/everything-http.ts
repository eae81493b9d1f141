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
export async function startEverythingHttp(port: number, timeoutMs = 20_000): Promise<EverythingHttp> {
  const child: ChildProcess = spawn(process.execPath, [everythingMain, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not listen within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      if (log.includes('listening on port')) {
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
    url: `http://127.0.0.1:${port}/mcp`,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
