/**
 * A stdio server's process can be launched before it is spoken to (`StdioTransport.launch`, used
 * by `ServerConnection.prelaunch` while the saved tasks load): it boots, its stderr is read, and
 * what it writes on stdout waits until `start`. Real child processes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { StdioTransport } from '../../../electron/engine/connections/stdio-transport.js';
import { pollUntil } from '../../helpers/engine-harness.js';

/** Says it booted on stderr, writes one notification on stdout at once, then waits. */
const EAGER_SERVER = `
process.stderr.write('booted\\n');
process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'written at boot' } }) + '\\n');
setInterval(() => {}, 60000);
`;

const transports: StdioTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

function transportFor(script: string, stderr: string[] = [], command = process.execPath): StdioTransport {
  const transport = new StdioTransport({ command, args: ['-e', script] }, () => false, { onStderrLine: (line) => stderr.push(line) });
  transports.push(transport);
  return transport;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StdioTransport.launch', () => {
  it('boots the server without reading its stdout; start delivers what it wrote meanwhile', async () => {
    const stderr: string[] = [];
    const transport = transportFor(EAGER_SERVER, stderr);
    const received: JSONRPCMessage[] = [];
    // Set before launching (the SDK sets it only at connect): even so nothing is delivered early.
    transport.onmessage = (message) => received.push(message);
    await transport.launch();
    expect(transport.pid).toEqual(expect.any(Number));
    await pollUntil(() => stderr.includes('booted'), 'the server to boot');
    // The notification was written right after the stderr line; it must still be waiting in the pipe.
    await sleep(200);
    expect(received).toEqual([]);

    await transport.start();
    await pollUntil(() => received.length === 1, 'the line written at boot');
    expect(received[0]).toMatchObject({ method: 'notifications/message', params: { data: 'written at boot' } });
  });

  it('launching twice starts one process; starting twice is refused', async () => {
    const transport = transportFor(EAGER_SERVER);
    const first = transport.launch();
    expect(transport.launch()).toBe(first);
    await first;
    const pid = transport.pid;
    await transport.start();
    expect(transport.pid).toBe(pid);
    await expect(transport.start()).rejects.toThrow(/already started/);
  });

  it('a server that ended before start: start rejects and the exit status is kept', async () => {
    const transport = transportFor('process.stderr.write("no config\\n"); process.exit(3)');
    await transport.launch();
    await pollUntil(() => transport.exit !== undefined, 'the server to exit');
    await expect(transport.start()).rejects.toThrow('The server process ended before it was spoken to.');
    expect(transport.exit).toEqual({ code: 3, signal: null });
  });

  it('a command that cannot start: launch and start reject with why, and nothing is left unhandled', async () => {
    const transport = transportFor('', [], '/nonexistent/mcp-server');
    await expect(transport.launch()).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(transport.start()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
