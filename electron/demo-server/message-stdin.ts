/**
 * A stdin carried over messages, for a process that has no stdin pipe: an Electron utility
 * process gets piped stdout and stderr but no stdin, and talks to its parent through
 * `postMessage` / `process.parentPort` instead. The parent writes to `messageStdinWriter`, whose
 * chunks travel as `StdinMessage`s; the child reads them back from `messageStdinReader` as an
 * ordinary Readable, so an MCP stdio server transport can be handed it as its stdin.
 */
import { StringDecoder } from 'node:string_decoder';
import { Readable, Writable } from 'node:stream';

/** One message of the stream: text written to stdin, or its end. */
export type StdinMessage = { kind: 'stdin'; text: string } | { kind: 'stdin-end' };

/** The child's side of the message channel (`process.parentPort` in a utility process). */
export interface MessagePortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

/**
 * A Writable whose chunks are posted as `StdinMessage`s through `post`, and whose end posts
 * `stdin-end`. Text is posted as it is written (a multi-byte character split across Buffer chunks
 * is held until complete). A throwing `post` (the process is gone) fails the write.
 */
export function messageStdinWriter(post: (message: StdinMessage) => void): Writable {
  const decoder = new StringDecoder('utf8');
  const send = (messages: StdinMessage[], callback: (error?: Error | null) => void): void => {
    try {
      for (const message of messages) post(message);
      callback();
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      send(text === '' ? [] : [{ kind: 'stdin', text }], callback);
    },
    final(callback) {
      const rest = decoder.end();
      send([...(rest === '' ? [] : [{ kind: 'stdin' as const, text: rest }]), { kind: 'stdin-end' }], callback);
    },
  });
}

/**
 * A Readable of the text `port` receives as `StdinMessage`s (anything else on the port is not
 * stdin and is ignored). It ends at `stdin-end`, and stops listening then, so the port no longer
 * keeps the process alive.
 */
export function messageStdinReader(port: MessagePortLike): Readable {
  const stdin = new Readable({ read: () => undefined });
  const listener = ({ data }: { data: unknown }): void => {
    if (!isStdinMessage(data)) return;
    if (data.kind === 'stdin') {
      stdin.push(data.text, 'utf8');
      return;
    }
    port.off('message', listener);
    stdin.push(null);
  };
  port.on('message', listener);
  return stdin;
}

function isStdinMessage(data: unknown): data is StdinMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, text } = data as { kind?: unknown; text?: unknown };
  return (kind === 'stdin' && typeof text === 'string') || kind === 'stdin-end';
}
