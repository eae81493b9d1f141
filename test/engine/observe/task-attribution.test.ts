import { describe, expect, it } from 'vitest';
import { RELATED_TASK_META, TaskAttribution } from '../../../electron/engine/observe/task-attribution.js';
import { engineOptionsFromEnv, PROTOCOL_LOG_ENV } from '../../../electron/engine/env-options.js';

/** Server `s` tracks local task `local-1` as server task `srv-1`; `calls` are on the wire. */
function attribution(calls: string[] = []): TaskAttribution {
  return new TaskAttribution('s', {
    localIdOf: (serverId, serverTaskId) => (serverId === 's' && serverTaskId === 'srv-1' ? 'local-1' : undefined),
    isKnown: (localId) => localId === 'local-1' || localId === 'call-1',
    callsInFlight: () => calls,
  });
}

describe('which task a message belongs to', () => {
  it.each<[string, Record<string, unknown>, 'sent' | 'received', string[], string | undefined]>([
    ['tools/call by its progress token', { id: 1, method: 'tools/call', params: { name: 't', _meta: { progressToken: 'call-1' } } }, 'sent', [], 'call-1'],
    ['tools/call with a token the app never issued', { id: 1, method: 'tools/call', params: { _meta: { progressToken: 'other' } } }, 'sent', ['call-1'], undefined],
    ['tasks/get by the server task id', { id: 2, method: 'tasks/get', params: { taskId: 'srv-1' } }, 'sent', [], 'local-1'],
    ['a status push by its task', { method: 'notifications/tasks/status', params: { taskId: 'srv-1', status: 'working' } }, 'received', [], 'local-1'],
    ['an extension push by its task', { method: 'notifications/tasks', params: { task: { taskId: 'srv-1' } } }, 'received', [], 'local-1'],
    ['progress by its token', { method: 'notifications/progress', params: { progressToken: 'local-1', progress: 1 } }, 'received', [], 'local-1'],
    ['a server request by related-task', { id: 5, method: 'elicitation/create', params: { _meta: { [RELATED_TASK_META]: { taskId: 'srv-1' } } } }, 'received', ['call-1'], 'local-1'],
    ['a server request during the only call', { id: 5, method: 'sampling/createMessage', params: {} }, 'received', ['call-1'], 'call-1'],
    ['a server request during two calls', { id: 5, method: 'sampling/createMessage', params: {} }, 'received', ['call-1', 'call-2'], undefined],
    ['a log message during the only call', { method: 'notifications/message', params: { level: 'info', data: 'x' } }, 'received', ['call-1'], 'call-1'],
    ['an unrelated notification', { method: 'notifications/tools/list_changed' }, 'received', ['call-1'], undefined],
    ['a ping we send', { id: 7, method: 'ping' }, 'sent', ['call-1'], undefined],
  ])('%s', (_case, message, direction, calls, expected) => {
    expect(attribution(calls).ofMessage(message, direction)).toBe(expected);
  });

  it('gives a stderr line to the only call on the wire, else to none', () => {
    expect(attribution(['call-1']).ofLine()).toBe('call-1');
    expect(attribution([]).ofLine()).toBeUndefined();
    expect(attribution(['call-1', 'call-2']).ofLine()).toBeUndefined();
  });
});

describe(`${PROTOCOL_LOG_ENV}`, () => {
  it.each<[string | undefined, boolean | undefined]>([[undefined, undefined], ['off', false], [' OFF ', false], ['on', undefined], ['', undefined]])('%j → protocolLog %j', (value, expected) => {
    const env = value === undefined ? {} : { [PROTOCOL_LOG_ENV]: value };
    expect(engineOptionsFromEnv(env, () => undefined).protocolLog).toBe(expected);
  });
});
