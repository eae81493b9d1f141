/**
 * A stored result found damaged: the task says so once (even when read twice at once), the
 * server is asked for it again where it is connected, and a result it cannot give is said too.
 */
import { expect, it } from 'vitest';
import type { ToolResult, TrackedTask } from '../../shared/task-model.js';
import { ResultKeeper } from '../../electron/engine/tasks/result-keeper.js';
import { ResultReader } from '../../electron/engine/tasks/result-recovery.js';
import { engineKit, FakeProtocol, MemoryResultStore, SERVER, snapshot } from '../engine/engine-kit.js';
import type { Logger } from '../../electron/engine/ports.js';
import { appNotes, lastAppNote } from '../helpers/app-notes.js';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const RESULT: ToolResult = { content: [{ type: 'text', text: 'again' }] };
const KEPT = 'c0ffee.json.corrupt-2026-12-01T10-00-00.000Z';

/** A result store whose one stored result turns out damaged at the first read. */
class DamagedOnce extends MemoryResultStore {
  #damaged = true;
  override get(id: string, onDamaged?: (keptAs: string) => void) {
    if (!this.#damaged) return super.get(id);
    this.#damaged = false;
    onDamaged?.(KEPT);
    return Promise.resolve(undefined);
  }
}

const done: TrackedTask = {
  localId: 'local-1', serverId: SERVER, form: 'extension', phase: 'task', serverTaskId: 'srv-1', toolName: 'build', arguments: {},
  createdAt: 1, updatedAt: 2, snapshot: snapshot('srv-1', { status: 'completed' }), hasResult: true, timeline: [], answeredInputKeys: [],
};

/** The engine's parts with `done` loaded, and a reader over a store whose result is damaged. */
async function readerFor(protocol: FakeProtocol | undefined) {
  const kit = engineKit({ initial: [done] });
  await kit.parts.registry.load();
  const store = new DamagedOnce();
  const results = new ResultKeeper(store, kit.clock, silent, kit.parts.saveHealth);
  const read = new ResultReader({ clock: kit.clock, logger: silent, ledger: kit.parts.ledger, results, protocolOf: () => protocol });
  return { kit, store, read };
}

it('reads a damaged result again from the server once, however many reads ask at the same time, and notes it on the task', async () => {
  const protocol = new FakeProtocol();
  protocol.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId, { status: 'completed' }), result: RESULT });
  const { kit, store, read } = await readerFor(protocol);

  const [first, second] = await Promise.all([read.read(done), read.read(done)]);

  expect(first).toEqual(RESULT);
  expect(second).toEqual(RESULT);
  expect(protocol.count('tasks/get')).toBe(1);
  const task = kit.parts.ledger.get(done.localId)!;
  expect(appNotes(task)).toEqual([`The stored result was damaged and kept as ${KEPT}. It was fetched again from the server.`]);
  expect(task.hasResult).toBe(true);
  expect(store.results.get(done.localId)).toEqual(RESULT); // stored anew
});

it('says the result could not be fetched again when the server is not connected, and the task has no result any more', async () => {
  const { kit, read } = await readerFor(undefined);

  expect(await read.read(done)).toBeUndefined();

  const task = kit.parts.ledger.get(done.localId)!;
  expect(lastAppNote(task)).toBe(`The stored result was damaged and kept as ${KEPT}. It could not be fetched again from the server.`);
  expect(task.hasResult).toBe(false);
});
