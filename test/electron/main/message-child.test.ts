import { EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { launchedFromMessageChild, type MessageChild } from '../../../electron/main/message-child.js';

/**
 * A utility-process-like child: pid once spawned, piped stdout/stderr, posted messages kept. Like
 * Electron's, on exit it forgets its pid and drops every listener of its pipes.
 */
class FakeChild extends EventEmitter implements MessageChild {
  pid: number | undefined;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly posted: unknown[] = [];

  postMessage(message: unknown): void {
    if (this.pid === undefined) throw new Error('not running');
    this.posted.push(message);
  }

  spawn(pid: number): void {
    this.pid = pid;
    this.emit('spawn');
  }

  exit(code: number): void {
    try {
      this.emit('exit', code);
    } finally {
      this.pid = undefined;
      this.stdout.removeAllListeners();
      this.stderr.removeAllListeners();
    }
  }
}

describe('launchedFromMessageChild', () => {
  it('reports spawn, then exit with its code and no signal, then close once stdout and stderr ended', async () => {
    const child = new FakeChild();
    const launched = launchedFromMessageChild(child);
    const events: string[] = [];
    launched.once('spawn', () => events.push('spawn'));
    launched.once('exit', (code, signal) => events.push(`exit ${code} ${signal}`));
    launched.once('close', () => events.push('close'));
    child.spawn(4242);
    expect(launched.pid).toBe(4242);
    child.exit(3);
    expect(launched).toMatchObject({ exitCode: 3, signalCode: null, pid: 4242 });
    child.stdout.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['spawn', 'exit 3 null']);
    child.stderr.end();
    launched.stdout!.resume();
    launched.stderr!.resume();
    await once(launched as unknown as EventEmitter, 'close');
    expect(events).toEqual(['spawn', 'exit 3 null', 'close']);
  });

  it('still delivers what the child wrote last, and its end, after the child dropped its pipes on exit', async () => {
    const child = new FakeChild();
    const launched = launchedFromMessageChild(child);
    let stderr = '';
    launched.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    launched.stdout!.resume();
    child.spawn(9);
    child.stderr.write('first\n');
    const closed = once(launched as unknown as EventEmitter, 'close');
    child.exit(1);
    await new Promise((resolve) => setImmediate(resolve));
    child.stderr.end('last words\n');
    child.stdout.end();
    await closed;
    expect(stderr).toBe('first\nlast words\n');
  });

  it('writes stdin as messages, and its end as the end message', async () => {
    const child = new FakeChild();
    const launched = launchedFromMessageChild(child);
    child.spawn(1);
    launched.stdin!.write('{"id":1}\n');
    launched.stdin!.end();
    await once(launched.stdin!, 'finish');
    expect(child.posted).toEqual([{ kind: 'stdin', text: '{"id":1}\n' }, { kind: 'stdin-end' }]);
  });

  it('fails to start, as a spawn does, when the child exits without having spawned', async () => {
    const child = new FakeChild();
    const launched = launchedFromMessageChild(child);
    const failed = once(launched as unknown as EventEmitter, 'error');
    child.exit(1);
    const [error] = (await failed) as [Error];
    expect(error.message).toBe('The process could not be started (exit code 1).');
  });

  it('refuses writes once the child exited', () => {
    const child = new FakeChild();
    const launched = launchedFromMessageChild(child);
    child.spawn(7);
    child.exit(0);
    expect(launched.stdin!.destroyed).toBe(true);
  });
});
