/** The bounds on 2025-11-25 server requests kept with a task for a restart. */
import { describe, expect, it } from 'vitest';
import type { LegacyPendingRequest, TrackedTask } from '../../../../shared/task-model.js';
import { keepRequest, MAX_KEPT_PARAMS_CHARS, MAX_KEPT_REQUESTS } from '../../../../electron/engine/protocols/legacy/kept-requests.js';
import { withoutKeptRequests } from '../../../../electron/engine/tasks/task-rules.js';

const task: TrackedTask = {
  localId: 'local',
  serverId: 's',
  form: 'legacy',
  phase: 'task',
  serverTaskId: 't',
  toolName: 'deploy',
  arguments: {},
  createdAt: 1,
  updatedAt: 1,
  hasResult: false,
  timeline: [],
  answeredInputKeys: [],
  legacy: { session: { id: 'session', protocolVersion: '2025-11-25', taskCapabilities: {} } },
};

const entry = (id: number, params: Record<string, unknown> = { message: 'Deploy?' }): LegacyPendingRequest =>
  ({ key: `request-${id}`, requestId: id, request: { method: 'elicitation/create', params }, receivedAt: 5 });

function kept(from: TrackedTask, add: LegacyPendingRequest): TrackedTask {
  const result = keepRequest(from, add);
  if (!('task' in result)) throw new Error(`not kept: ${result.notKept}`);
  return result.task;
}

describe('keepRequest', () => {
  it('keeps a request of a task with a session; the same key again replaces it', () => {
    const once = kept(task, entry(0));
    expect(once.legacy?.pendingRequests).toEqual([entry(0)]);
    expect(kept(once, { ...entry(0), receivedAt: 9 }).legacy?.pendingRequests).toEqual([{ ...entry(0), receivedAt: 9 }]);
  });

  it('keeps nothing for a task without a session to rejoin (stdio)', () => {
    const { legacy: _legacy, ...stdio } = task;
    expect(keepRequest(stdio, entry(0))).toEqual({ notKept: 'no-session' });
  });

  it('keeps at most MAX_KEPT_REQUESTS, and no params larger than MAX_KEPT_PARAMS_CHARS', () => {
    let full: TrackedTask = task;
    for (let id = 0; id < MAX_KEPT_REQUESTS; id++) full = kept(full, entry(id));
    expect(keepRequest(full, entry(MAX_KEPT_REQUESTS))).toEqual({ notKept: 'too-many' });
    expect(keepRequest(task, entry(0, { message: 'x'.repeat(MAX_KEPT_PARAMS_CHARS) }))).toEqual({ notKept: 'too-large' });
  });
});

describe('withoutKeptRequests', () => {
  it('drops the given keys, or all; the field goes when none is left; unchanged input comes back as is', () => {
    const two = kept(kept(task, entry(0)), entry(1));
    expect(withoutKeptRequests(two, ['request-0']).legacy?.pendingRequests).toEqual([entry(1)]);
    expect(withoutKeptRequests(two, ['request-0', 'request-1'])).not.toHaveProperty('legacy.pendingRequests');
    expect(withoutKeptRequests(two)).not.toHaveProperty('legacy.pendingRequests');
    expect(withoutKeptRequests(two, ['request-7'])).toBe(two);
    expect(withoutKeptRequests(task)).toBe(task);
  });
});
