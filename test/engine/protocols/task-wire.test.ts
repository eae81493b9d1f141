import { describe, expect, it } from 'vitest';
import { MAX_ERROR_DATA_BYTES, MAX_INPUT_REQUEST_BYTES, MAX_TEXT_LENGTH, isLargerThan, parseExtensionTask, parseInputRequests, parseJsonRpcError, parseLegacyTask } from '../../../electron/engine/protocols/task-wire.js';

const base = { taskId: 'abc', status: 'working', createdAt: '2026-11-30T09:00:00Z', lastUpdatedAt: '2026-11-30T09:00:01.123+01:00', ttlMs: 60_000, pollIntervalMs: 500 };

/** The wire task as the app keeps it: the server's `taskId` becomes `serverTaskId`. */
function snapshotOf({ taskId, ...rest }: typeof base) {
  return { serverTaskId: taskId, ...rest };
}

describe('parseExtensionTask', () => {
  it('normalizes a well-formed task', () => {
    const parsed = parseExtensionTask({ ...base, statusMessage: 'Compiling' });
    expect(parsed).toEqual({ ok: true, value: { snapshot: { ...snapshotOf(base), statusMessage: 'Compiling' } } });
  });

  it.each([
    ['not an object', 'nope', 'task is not an object'],
    ['no taskId', { ...base, taskId: undefined }, 'task has no taskId'],
    ['empty taskId', { ...base, taskId: '' }, 'task has no taskId'],
    ['huge taskId', { ...base, taskId: 'x'.repeat(600) }, 'taskId is absurdly long'],
    ['unknown status', { ...base, status: 'exploded' }, 'unknown task status "exploded"'],
    ['completed with a non-object result', { ...base, status: 'completed', result: [1] }, 'completed task carries a result that is not an object'],
  ])('refuses %s', (_name, raw, reason) => {
    expect(parseExtensionTask(raw)).toEqual({ ok: false, reason });
  });

  it.each([
    ['negative poll', { pollIntervalMs: -1 }, { pollIntervalMs: undefined }],
    ['NaN-ish poll', { pollIntervalMs: 'fast' }, { pollIntervalMs: undefined }],
    ['absurd poll', { pollIntervalMs: 1e15 }, { pollIntervalMs: 86_400_000 }],
    ['fractional ttl', { ttlMs: 1500.7 }, { ttlMs: 1501 }],
    ['null ttl', { ttlMs: null }, { ttlMs: null }],
    ['absurd ttl', { ttlMs: 1e300 }, { ttlMs: 315_360_000_000 }],
    ['malformed timestamp', { createdAt: 'yesterday' }, { createdAt: undefined }],
  ])('clamps %s', (_name, overrides, expected) => {
    const parsed = parseExtensionTask({ ...base, ...overrides });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    for (const [key, value] of Object.entries(expected)) {
      expect(parsed.value.snapshot[key as keyof typeof parsed.value.snapshot]).toEqual(value);
    }
  });

  it('cuts huge status messages', () => {
    const parsed = parseExtensionTask({ ...base, statusMessage: 'y'.repeat(100_000) });
    expect(parsed.ok && parsed.value.snapshot.statusMessage!.length).toBe(MAX_TEXT_LENGTH + '… [truncated]'.length);
  });

  it('keeps an inline result without its own resultType', () => {
    const result = { content: [{ type: 'text', text: 'done' }], isError: false };
    const parsed = parseExtensionTask({ ...base, status: 'completed', result });
    expect(parsed).toEqual({ ok: true, value: { snapshot: { ...snapshotOf(base), status: 'completed' }, result } });
  });

  it('gives a failed task its error, or a generic one when it is malformed', () => {
    const failed = parseExtensionTask({ ...base, status: 'failed', error: { code: -32000, message: 'agent lost', data: { attempt: 2 } } });
    expect(failed.ok && failed.value.snapshot.error).toEqual({ code: -32000, message: 'agent lost', data: { attempt: 2 } });
    const malformed = parseExtensionTask({ ...base, status: 'failed', error: 'boom' });
    expect(malformed.ok && malformed.value.snapshot.error?.code).toBe(-32603);
  });

  it('reads input requests only while input_required', () => {
    const inputRequests = { confirm: { method: 'elicitation/create', params: { message: 'Go?' } } };
    const waiting = parseExtensionTask({ ...base, status: 'input_required', inputRequests });
    expect(waiting.ok && waiting.value.snapshot.inputRequests).toEqual(inputRequests);
    const working = parseExtensionTask({ ...base, inputRequests });
    expect(working.ok && working.value.snapshot.inputRequests).toBeUndefined();
  });
});

describe('parseInputRequests', () => {
  it.each([
    ['a prototype-polluting key', JSON.parse('{"__proto__":{"method":"roots/list"}}') as unknown, 'input request key "__proto__" is not acceptable'],
    ['an unknown method', { a: { method: 'shell/exec' } }, 'input request "a" asks for unknown method "shell/exec"'],
    ['a missing method', { a: {} }, 'input request "a" has no method'],
    ['malformed params', { a: { method: 'roots/list', params: 'x' } }, 'input request "a" has malformed params'],
    ['too many requests', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, { method: 'roots/list' }])), 'more than 32 input requests at once'],
  ])('refuses %s', (_name, raw, reason) => {
    expect(parseInputRequests(raw)).toEqual({ ok: false, reason });
  });

  it('builds a plain object with the declared keys only', () => {
    const parsed = parseInputRequests({ b: { method: 'roots/list' }, a: { method: 'sampling/createMessage', params: { messages: [] } } });
    expect(parsed.ok && Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(parsed.ok && Object.keys(parsed.value)).toEqual(['b', 'a']);
  });
});

describe('parseLegacyTask', () => {
  it('maps ttl and pollInterval', () => {
    const parsed = parseLegacyTask({ taskId: 'f8bb', status: 'input_required', ttl: 300_000, pollInterval: 1_000, createdAt: base.createdAt, lastUpdatedAt: base.createdAt });
    expect(parsed).toEqual({ ok: true, value: { snapshot: { serverTaskId: 'f8bb', status: 'input_required', ttlMs: 300_000, pollIntervalMs: 1_000, createdAt: base.createdAt, lastUpdatedAt: base.createdAt } } });
  });
});

describe('parseJsonRpcError', () => {
  it.each([
    [{ code: 5, message: 'x' }, { code: 5, message: 'x' }],
    [{ code: 1.5, message: 'x' }, { code: -32603, message: 'x' }],
    [{ code: 1 }, { code: 1, message: 'The server sent an error without a message.' }],
    [null, { code: -32603, message: 'The server reported a failure without an error object.' }],
  ])('%j → %j', (raw, expected) => {
    expect(parseJsonRpcError(raw)).toEqual(expected);
  });
});

describe('caps before a server value is kept', () => {
  const bigSchema = { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, { type: 'string', description: 'd'.repeat(8_000) }])) };

  it('an input request larger than MAX_INPUT_REQUEST_BYTES refuses the snapshot, saying which and why', () => {
    const parsed = parseInputRequests({ form: { method: 'elicitation/create', params: { mode: 'form', message: 'Fill in', requestedSchema: bigSchema } } });
    expect(parsed).toEqual({ ok: false, reason: `input request "form" is larger than ${MAX_INPUT_REQUEST_BYTES / 1024} KiB` });
  });

  it('an ordinary form is kept as sent', () => {
    const params = { mode: 'form', message: 'Fill in', requestedSchema: { type: 'object', properties: { name: { type: 'string', description: 'd'.repeat(1_000) } } } };
    expect(parseInputRequests({ form: { method: 'elicitation/create', params } })).toEqual({ ok: true, value: { form: { method: 'elicitation/create', params } } });
  });

  it('an error\'s data larger than MAX_ERROR_DATA_BYTES is replaced by a note; a small one is kept', () => {
    expect(parseJsonRpcError({ code: 1, message: 'm', data: { trace: 'x'.repeat(MAX_ERROR_DATA_BYTES) } }).data).toBe(`[The error's data was dropped: larger than ${MAX_ERROR_DATA_BYTES / 1024} KiB.]`);
    expect(parseJsonRpcError({ code: 1, message: 'm', data: { trace: 'short' } }).data).toEqual({ trace: 'short' });
  });

  it('isLargerThan stops early and counts nested values', () => {
    expect(isLargerThan(Array.from({ length: 1_000_000 }, () => 'abc'), 1_000)).toBe(true);
    expect(isLargerThan({ a: [{ b: 'x'.repeat(90) }] }, 100)).toBe(true);
    expect(isLargerThan({ a: [{ b: 'x'.repeat(50) }] }, 100)).toBe(false);
  });
});
