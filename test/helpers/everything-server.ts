/**
 * `@modelcontextprotocol/server-everything` (an independent 2025-11-25 peer on SDK 1.x) as a real
 * child process: its stdio command for an engine config, or its Streamable HTTP server on a free
 * loopback port. Its HTTP server binds every interface: tests only ever talk to it on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { ServerConfig } from '../../shared/server-config.js';

const require = createRequire(import.meta.url);
/** The server's entry point. */
export const EVERYTHING_MAIN = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** An engine config running server-everything over stdio. */
export function everythingStdioConfig(id: string): ServerConfig {
  return { id, name: 'Everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_MAIN, 'stdio'] };
}

/** A running server-everything HTTP server. */
export interface EverythingHttp {
  /** Its MCP endpoint on loopback. */
  url: string;
  config(id: string): ServerConfig;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts server-everything's Streamable HTTP server; resolves once it listens. `port`: reuse one (a restart), else a free one. */
export async function startEverythingHttp(port?: number): Promise<EverythingHttp> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_MAIN, 'streamableHttp'], { env: { ...process.env, PORT: String(chosen) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${stderr}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes('listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${String(code)}: ${stderr}`));
    });
  });
  const url = `http://127.0.0.1:${chosen}/mcp`;
  return {
    url,
    config: (id) => ({ id, name: 'Everything (HTTP)', transport: 'http', url }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}
