/**
 * The per-server flood limit: at most three questions of one server are open; later ones queue
 * visibly with their place in line, cannot be answered, and open as earlier ones are answered.
 * The pure rule first, then a real host against a real demo server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePlaces } from '../../electron/host/input-queue.js';
import type { PendingInputView } from '../../shared/ipc/contract.js';
import type { PendingInput } from '../../shared/task-model.js';
import { invoke, invokeError, startTestHost, waitForConnected, type TestHost } from './host-harness.js';

describe('queuePlaces (pure)', () => {
  const input = (serverId: string, receivedAt: number, extra: Partial<PendingInput> = {}): PendingInput => ({
    localId: `t${receivedAt}`,
    serverId,
    key: 'k',
    request: { method: 'elicitation/create', params: {} },
    receivedAt,
    ...extra,
  });
  const places = (inputs: PendingInput[]) => inputs.map((each) => queuePlaces(inputs).get(each) ?? 0);

  it.each<[string, PendingInput[], number[]]>([
    ['none', [], []],
    ['three of one server are all open', [input('a', 1), input('a', 2), input('a', 3)], [0, 0, 0]],
    ['the fourth and fifth wait, in arrival order', [input('a', 5), input('a', 1), input('a', 4), input('a', 2), input('a', 3)], [2, 0, 1, 0, 0]],
    ['each server has its own limit', [input('a', 1), input('a', 2), input('a', 3), input('b', 4), input('a', 5), input('b', 6)], [0, 0, 0, 0, 1, 0]],
    ['same arrival time keeps the engine order', [input('a', 1), input('a', 1), input('a', 1), input('a', 1)], [0, 0, 0, 1]],
    ['a held (answered) question takes no place', [input('a', 1, { held: true }), input('a', 2), input('a', 3), input('a', 4), input('a', 5)], [0, 0, 0, 0, 1]],
  ])('%s', (_name, inputs, expected) => {
    expect(places(inputs)).toEqual(expected);
  });
});

describe('a real server asking four questions at once', () => {
  const serverId = 'demo-extension';
  let test: TestHost;

  beforeAll(async () => {
    test = await startTestHost();
    await waitForConnected(test, [serverId]);
  });

  afterAll(async () => {
    await test?.stop();
  });

  /** The newest pushed list of pending inputs once `predicate` holds for it. */
  function pushedInputs(predicate: (inputs: PendingInputView[]) => boolean, what: string): Promise<PendingInputView[]> {
    return test.events.waitFor(() => {
      const inputs = test.events.of('inputs:changed').at(-1)?.inputs;
      return inputs !== undefined && predicate(inputs) ? inputs : undefined;
    }, what);
  }

  it('opens three, queues the fourth visibly, refuses to answer it, and opens it once one is answered', async () => {
    const taskIds: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'deploy', arguments: { service: `svc${index}`, durationMs: 100 } });
      if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
      taskIds.push(outcome.task.localId);
      // One at a time, so the arrival order is the call order.
      await pushedInputs((inputs) => inputs.some((pending) => pending.localId === outcome.task.localId), `question ${index + 1}`);
    }
    const inputs = await pushedInputs((list) => list.length === 4, 'four questions');
    expect(inputs.map((pending) => [pending.localId, pending.queuePlace])).toEqual([
      [taskIds[0], undefined],
      [taskIds[1], undefined],
      [taskIds[2], undefined],
      [taskIds[3], 1],
    ]);
    expect(await invoke(test.host, 'inputs:list', {})).toEqual(inputs);

    const queued = inputs[3]!;
    const refused = await invokeError(test.host, 'inputs:answer', { localId: queued.localId, serverId: queued.serverId, key: queued.key, response: { action: 'decline' } });
    expect(refused.message).toMatch(/waits behind earlier questions from the same server/);

    const first = inputs[0]!;
    await invoke(test.host, 'inputs:answer', { localId: first.localId, serverId: first.serverId, key: first.key, response: { action: 'decline' } });
    const after = await pushedInputs((list) => list.length === 3, 'the first answered');
    expect(after.every((pending) => pending.queuePlace === undefined)).toBe(true);
    for (const pending of after) {
      await invoke(test.host, 'inputs:answer', { localId: pending.localId, serverId: pending.serverId, key: pending.key, response: { action: 'cancel' } });
    }
    await pushedInputs((list) => list.length === 0, 'all answered');
  });
});
