import { EventEmitter, once } from 'node:events';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { messageStdinReader, messageStdinWriter, type MessagePortLike, type StdinMessage } from '../../electron/demo-server/message-stdin.js';

/** A parentPort-like port: what is posted to it arrives as `{ data }` 'message' events, in order. */
class FakePort extends EventEmitter implements MessagePortLike {
  deliver(data: unknown): void {
    this.emit('message', { data });
  }
}

/** A writer whose messages are delivered to a reader, as parent and child would see them. */
function connected(): { port: FakePort; posted: StdinMessage[]; writer: ReturnType<typeof messageStdinWriter>; reader: ReturnType<typeof messageStdinReader> } {
  const port = new FakePort();
  const posted: StdinMessage[] = [];
  const reader = messageStdinReader(port);
  const writer = messageStdinWriter((message) => {
    posted.push(message);
    port.deliver(structuredClone(message));
  });
  return { port, posted, writer, reader };
}

describe('stdin over messages', () => {
  it('carries what is written, in order, and ends where the writer ends', async () => {
    const { writer, reader, posted } = connected();
    writer.write('{"jsonrpc":"2.0","id":1}\n');
    writer.write(Buffer.from('{"jsonrpc":"2.0","id":2}\n'));
    writer.end();
    expect(await text(reader)).toBe('{"jsonrpc":"2.0","id":1}\n{"jsonrpc":"2.0","id":2}\n');
    expect(posted.at(-1)).toEqual({ kind: 'stdin-end' });
  });

  it('holds a character split across Buffer chunks until it is complete', async () => {
    const { writer, reader, posted } = connected();
    const bytes = Buffer.from('é✓\n');
    writer.write(bytes.subarray(0, 1));
    writer.write(bytes.subarray(1, 3));
    writer.end(bytes.subarray(3));
    expect(await text(reader)).toBe('é✓\n');
    expect(posted.every((message) => message.kind === 'stdin-end' || !message.text.includes('\ufffd'))).toBe(true);
  });

  it('ignores messages on the port that are not stdin', async () => {
    const { port, writer, reader } = connected();
    port.deliver({ kind: 'other', text: 'x' });
    port.deliver('plain text');
    port.deliver(null);
    port.deliver({ kind: 'stdin', text: 42 });
    writer.end('kept\n');
    expect(await text(reader)).toBe('kept\n');
  });

  it('stops listening at the end, so the port no longer keeps the process alive', async () => {
    const { port, writer, reader } = connected();
    expect(port.listenerCount('message')).toBe(1);
    writer.end();
    await text(reader);
    expect(port.listenerCount('message')).toBe(0);
  });

  it('fails the write when the message cannot be posted (the process is gone)', async () => {
    const writer = messageStdinWriter(() => {
      throw new Error('The process is gone.');
    });
    writer.write('lost\n');
    const [error] = (await once(writer, 'error')) as [Error];
    expect(error.message).toBe('The process is gone.');
  });
});
