/**
 * How refused writes are retried: the task list and the results each try again after the
 * engine's error back-off (1 s, doubling, capped at 60 s) with nothing else changing, the save
 * problem stays until a write works and then clears, and nothing written meanwhile is lost.
 */
import { expect, it } from 'vitest';
import type { ToolResult, TrackedTask } from '../../shared/task-model.js';
import { Emitter } from '../../electron/engine/emitter.js';
import { createEngineParts } from '../../electron/engine/engine-parts.js';
import { McpRequestError } from '../../electron/engine/connections/mcp-request-error.js';
import type { Logger, SaveProblem, TaskStoreChanges } from '../../electron/engine/ports.js';
import { SaveFailedError } from '../../electron/engine/stores/save-failed-error.js';
import { SAVE_RETRY_BASE_MS } from '../../electron/engine/tasks/save-health.js';
import { errorBackoffDelay, MAX_ERROR_BACKOFF_MS } from '../../electron/engine/tasks/task-rules.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { FakeProtocol, MemoryResultStore, MemoryTaskStore, snapshot } from '../engine/engine-kit.js';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const PROBLEM: SaveProblem = { reason: 'the disk is full (ENOSPC)', folder: '/data' };

/** A store that refuses while `refusing`, recording when each attempt came. */
class RefusingTaskStore extends MemoryTaskStore {
  refusing = true;
  readonly attempts: number[] = [];
  constructor(private readonly clock: FakeClock) {
    super();
  }
  override save(changes: TaskStoreChanges) {
    this.attempts.push(this.clock.monotonic());
    return this.refusing ? Promise.reject(new SaveFailedError(PROBLEM)) : super.save(changes);
  }
}

class RefusingResultStore extends MemoryResultStore {
  refusing = true;
  attempts = 0;
  override put(id: string, result: ToolResult) {
    this.attempts += 1;
    return this.refusing ? Promise.reject(new SaveFailedError({ ...PROBLEM, folder: '/data/results' })) : super.put(id, result);
  }
}

function wire() {
  const clock = new FakeClock();
  const taskStore = new RefusingTaskStore(clock);
  const resultStore = new RefusingResultStore();
  const problems: Array<SaveProblem | undefined> = [];
  const saveProblem = new Emitter<SaveProblem | undefined>((error) => {
    throw error;
  });
  saveProblem.event((problem) => problems.push(problem));
  const protocol = new FakeProtocol();
  const parts = createEngineParts({
    ports: { taskStore, resultStore, clock, logger: silent, random: () => 0 },
    emitters: { task: new Emitter(() => undefined), removed: new Emitter(() => undefined), inputs: new Emitter(() => undefined), saveProblem },
    protocolOf: () => protocol,
    rootsOf: () => [],
    notConnected: () => new McpRequestError('not connected', undefined, undefined, 'disconnected'),
  });
  return { clock, taskStore, resultStore, problems, protocol, parts };
}

const seeded: TrackedTask = {
  localId: 'a', serverId: 's', form: 'extension', phase: 'task', serverTaskId: 'remote-a', toolName: 'build', arguments: {},
  createdAt: 1, updatedAt: 2, snapshot: snapshot('remote-a'), hasResult: false, timeline: [], answeredInputKeys: [],
};

it('retries a refused task save after 1 s, 2 s, 4 s… (the engine back-off) and clears the problem once it works', async () => {
  const { clock, taskStore, problems, parts } = wire();
  await parts.registry.load();
  parts.registry.put(seeded);
  await parts.registry.flush();
  expect(parts.saveHealth.problem).toEqual(PROBLEM);
  const start = taskStore.attempts[0]!;

  await clock.advance(SAVE_RETRY_BASE_MS + 2 * SAVE_RETRY_BASE_MS + 4 * SAVE_RETRY_BASE_MS);
  expect(taskStore.attempts.map((at) => at - start)).toEqual([0, 1_000, 3_000, 7_000]);
  expect([0, 1, 2].map((failures) => errorBackoffDelay(failures, SAVE_RETRY_BASE_MS))).toEqual([1_000, 2_000, 4_000]);
  await clock.advance(10 * MAX_ERROR_BACKOFF_MS); // the wait never grows past the cap
  const gaps = taskStore.attempts.slice(1).map((at, index) => at - taskStore.attempts[index]!);
  expect(Math.max(...gaps)).toBe(MAX_ERROR_BACKOFF_MS);
  expect(problems).toEqual([PROBLEM]); // announced once, not at every attempt

  taskStore.refusing = false;
  await clock.advance(MAX_ERROR_BACKOFF_MS);
  expect(parts.saveHealth.problem).toBeUndefined();
  expect(problems).toEqual([PROBLEM, undefined]);
  expect(taskStore.saved.get('a')).toEqual(seeded);
  const attempts = taskStore.attempts.length;
  await clock.advance(10 * MAX_ERROR_BACKOFF_MS);
  expect(taskStore.attempts).toHaveLength(attempts); // nothing left to retry
});

it('keeps a refused result in memory (still shown), retries it with the back-off and clears the problem once it is stored', async () => {
  const { clock, resultStore, problems, parts } = wire();
  await parts.registry.load();
  const result: ToolResult = { content: [{ type: 'text', text: 'done' }] };

  await parts.results.put('a', result); // does not throw
  expect(parts.saveHealth.problem).toEqual({ ...PROBLEM, folder: '/data/results' });
  expect(await parts.results.get('a')).toEqual(result);
  await clock.advance(SAVE_RETRY_BASE_MS + 2 * SAVE_RETRY_BASE_MS);
  expect(resultStore.attempts).toBe(3);

  resultStore.refusing = false;
  await clock.advance(4 * SAVE_RETRY_BASE_MS);
  expect(resultStore.results.get('a')).toEqual(result);
  expect(parts.saveHealth.problem).toBeUndefined();
  expect(problems).toEqual([{ ...PROBLEM, folder: '/data/results' }, undefined]);
  parts.results.dispose();
});

it('a refused call entry is taken back: it is never written later, and nothing was sent', async () => {
  const { clock, taskStore, protocol, parts } = wire();
  await parts.registry.load();
  await expect(parts.calls.call('s', 'build', {})).rejects.toThrow(/^The call was not sent: it could not be saved first \(the disk is full \(ENOSPC\), folder \/data\)/);
  expect(protocol.count('tools/call')).toBe(0);
  expect(parts.ledger.all()).toEqual([]);
  taskStore.refusing = false;
  await clock.advance(MAX_ERROR_BACKOFF_MS);
  expect([...taskStore.saved.keys()]).toEqual([]); // the store got its removal, not the entry
  expect(parts.saveHealth.problem).toBeUndefined();
});
