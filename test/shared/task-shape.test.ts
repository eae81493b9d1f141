/**
 * The store's hand check of saved tasks gives the verdict of `TrackedTaskSchema` on every field,
 * nested ones included: a record it refused would be quarantined, one it let through unchecked
 * could break the engine.
 */
import { describe, expect, it } from 'vitest';
import { JsonRpcErrorSchema, LegacyPendingRequestSchema, LegacySessionSchema, TaskProgressSchema, TaskSnapshotSchema, TimelineEntrySchema, TrackedCallSchema, TrackedServerTaskSchema, TrackedTaskSchema } from '../../shared/task-model.js';
import { isTrackedTaskShaped } from '../../shared/task-shape.js';
import { changed, disagreements, keysOf, PROBES, schemaKeys, verdicts } from '../renderer/bridge/shape-agreement.js';

/** A saved server task with every field the schema allows, nested ones included, as it is read (parsed JSON). */
const full: Record<string, unknown> = {
  localId: 'local-1',
  serverId: 'server-a',
  form: 'legacy',
  phase: 'task',
  serverTaskId: 'srv-1',
  toolName: 'build',
  arguments: { project: 'app', steps: [1, 2] },
  progress: { progress: 3, total: 10, message: 'Step 3', at: 5 },
  createdAt: 1,
  updatedAt: 2,
  observedAt: 1.5,
  snapshot: {
    serverTaskId: 'srv-1',
    status: 'input_required',
    statusMessage: 'Halfway',
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:01:00Z',
    ttlMs: 60_000,
    pollIntervalMs: 1_000,
    inputRequests: { ask: { method: 'elicitation/create', params: { message: 'Sure?' } } },
    error: { code: -1, message: 'broke', data: 1 },
  },
  hasResult: true,
  resultIsError: true,
  timeline: [{ at: 1, status: 'working', statusMessage: 'Started', fact: { kind: 'call-sent' }, note: 'Call sent' }],
  timelineCount: 1,
  endReason: 'refused',
  cancelRequestedAt: 7,
  answeredInputKeys: ['ask'],
  legacy: {
    session: { id: 'session-1', protocolVersion: '2025-11-25', taskCapabilities: { list: {} } },
    pendingRequests: [{ key: 'ask', requestId: 4, request: { method: 'elicitation/create', params: {} }, receivedAt: 3 }],
  },
  lastProblem: { kind: 'poll-failed', detail: 'timeout' },
  lastError: 'timeout',
  callError: { code: -32_000, message: 'refused', data: { why: 'no' } },
};

/** A saved call (no task on its server) with every field a call may have. */
const fullCall: Record<string, unknown> = {
  localId: 'local-2',
  serverId: 'server-a',
  form: 'legacy',
  phase: 'outcome-unknown',
  toolName: 'build',
  arguments: { project: 'app' },
  plain: true,
  progress: { progress: 3, at: 5 },
  createdAt: 1,
  updatedAt: 2,
  hasResult: true,
  resultIsError: true,
  timeline: [{ at: 1, fact: { kind: 'call-sent' } }],
  timelineCount: 1,
  endReason: 'refused',
  cancelRequestedAt: 7,
  answeredInputKeys: ['ask'],
  lastProblem: { kind: 'call-outcome-unknown', malformed: false, detail: 'timeout' },
  lastError: 'timeout',
  callError: { code: -32_000, message: 'refused' },
};

/** The fields only a server task has: a call's schema declares them only to refuse them. */
const SERVER_TASK_ONLY = ['legacy', 'observedAt', 'serverTaskId', 'snapshot'];

const sameVerdict = (value: unknown) => verdicts(TrackedTaskSchema, isTrackedTaskShaped, value);

describe('isTrackedTaskShaped gives the verdict of TrackedTaskSchema', () => {
  it('loads a timeline fact of any kind (a newer version\'s, or one it cannot read), so no task is set aside for one', () => {
    const withFact = (fact: unknown) => ({ ...full, timeline: [{ at: 1, fact }] });
    for (const fact of [{ kind: 'rebooted-by-a-newer-version', at: 3 }, { kind: 'cancel-failed' }, { kind: 'call-sent' }]) {
      expect(sameVerdict(withFact(fact)), fact.kind).toEqual({ zod: true, hand: true });
    }
    for (const fact of [{ detail: 'no kind' }, { kind: 7 }, 'Call sent']) {
      expect(sameVerdict(withFact(fact)), JSON.stringify(fact)).toEqual({ zod: false, hand: false });
    }
  });

  it('probes every field the schema declares (the full samples have them all)', () => {
    expect(keysOf(full)).toEqual(schemaKeys(TrackedServerTaskSchema).filter((key) => key !== 'plain'));
    expect(keysOf(fullCall)).toEqual(schemaKeys(TrackedCallSchema).filter((key) => !SERVER_TASK_ONLY.includes(key)));
    expect(keysOf(full.snapshot)).toEqual(schemaKeys(TaskSnapshotSchema));
    expect(keysOf(full.progress)).toEqual(schemaKeys(TaskProgressSchema));
    expect(keysOf(full.callError)).toEqual(schemaKeys(JsonRpcErrorSchema));
    expect(keysOf((full.timeline as unknown[])[0])).toEqual(schemaKeys(TimelineEntrySchema));
    const legacy = full.legacy as { session: unknown; pendingRequests: unknown[] };
    expect(keysOf(legacy)).toEqual(schemaKeys(TrackedServerTaskSchema.shape.legacy.unwrap()));
    expect(keysOf(legacy.session)).toEqual(schemaKeys(LegacySessionSchema));
    expect(keysOf(legacy.pendingRequests[0])).toEqual(schemaKeys(LegacyPendingRequestSchema));
  });

  it('on the full task, a minimal one, and values that are no task at all', () => {
    expect(sameVerdict(full)).toEqual({ zod: true, hand: true });
    expect(sameVerdict(fullCall)).toEqual({ zod: true, hand: true });
    const minimal = { localId: 'l', serverId: 's', form: 'extension', phase: 'calling', toolName: 't', arguments: {}, createdAt: 0, updatedAt: 0, hasResult: false, timeline: [], answeredInputKeys: [] };
    expect(sameVerdict(minimal)).toEqual({ zod: true, hand: true });
    for (const value of [null, [], 'task', {}, 42, [full]]) expect(sameVerdict(value), JSON.stringify(value)).toEqual({ zod: false, hand: false });
  });

  it('without each field, with each field of every kind of value, and with an extra field in each object', () => {
    expect(disagreements(TrackedTaskSchema, isTrackedTaskShaped, full)).toEqual([]);
    expect(disagreements(TrackedTaskSchema, isTrackedTaskShaped, fullCall)).toEqual([]);
  });

  it('refuses a field of the other phase, whatever its value: a call has no server task id, snapshot or session; a task is no plain call', () => {
    for (const value of PROBES.filter((probe) => probe !== undefined)) {
      expect(sameVerdict({ ...full, plain: value }), `plain = ${JSON.stringify(value)}`).toEqual({ zod: false, hand: false });
      for (const key of SERVER_TASK_ONLY) expect(sameVerdict({ ...fullCall, [key]: value }), `${key} = ${JSON.stringify(value)}`).toEqual({ zod: false, hand: false });
    }
    expect(sameVerdict({ ...fullCall, legacy: full.legacy, phase: 'calling' })).toEqual({ zod: false, hand: false });
    const { serverTaskId: _id, ...withoutId } = full;
    expect(sameVerdict(withoutId)).toEqual({ zod: false, hand: false });
  });

  it('rejects wrong types, enum values and numbers the schema refuses (not only agrees)', () => {
    for (const [path, value] of [
      [['phase'], 'bogus'], [['form'], 'task'], [['arguments'], []], [['timeline', '0', 'status'], 'done'], [['timeline'], {}],
      [['answeredInputKeys', '0'], 1], [['legacy', 'session', 'taskCapabilities'], []], [['legacy', 'pendingRequests', '0', 'requestId'], null], [['legacy', 'session'], undefined],
      [['legacy', 'pendingRequests', '0', 'request', 'params'], []], [['createdAt'], Number.NaN], [['callError', 'code'], 1.5],
    ] as const) {
      expect(sameVerdict(changed(full, path, { to: value })), path.join('.')).toEqual({ zod: false, hand: false });
    }
  });
});
