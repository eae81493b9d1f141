/** The protocol log takes a stdio line as it came only when no escape could hide a secret in it. */
import { describe, expect, it } from 'vitest';
import { ProtocolLog } from '../../../electron/engine/observe/protocol-log.js';
import { createRedactor } from '../../../electron/engine/observe/redaction.js';

const SECRET = 'sk-live-4242';

function log(): ProtocolLog {
  return new ProtocolLog(() => 1, createRedactor([SECRET]), () => undefined, () => undefined);
}

describe('protocol log', () => {
  it('keeps a line without escapes as it came, redacted, with its size in bytes', () => {
    const protocol = log();
    const line = `{"jsonrpc":"2.0",  "method":"notifications/message","params":{"data":"key ${SECRET} é"}}`;
    protocol.record(JSON.parse(line) as Record<string, unknown>, 'received', line);
    const [entry] = protocol.query();
    expect(entry).toMatchObject({ bytes: Buffer.byteLength(line), message: { params: { data: 'key [redacted] é' } } });
  });

  it('serializes again a line whose escapes spell a secret, so redaction finds it', () => {
    const protocol = log();
    const spelled = SECRET.split('').map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const line = `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${spelled}"}}`;
    const message = JSON.parse(line) as Record<string, unknown>;
    protocol.record(message, 'received', line);
    const [entry] = protocol.query();
    expect(JSON.stringify(entry)).not.toContain(SECRET);
    expect(entry?.message).toMatchObject({ params: { data: '[redacted]' } });
    expect(entry?.bytes).toBe(Buffer.byteLength(JSON.stringify(message)));
  });
});
