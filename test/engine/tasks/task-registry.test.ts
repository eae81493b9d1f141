import { describe, expect, it } from 'vitest';
import type { TrackedServerTask, TrackedTask } from '../../../shared/task-model.js';
import { engineKit } from '../engine-kit.js';

function tracked(localId: string, serverId: string, fields: Partial<TrackedServerTask> = {}): TrackedServerTask {
  return {
    localId, serverId, form: 'extension', phase: 'task', serverTaskId: `srv-${localId}`, toolName: 'build', arguments: {},
    createdAt: 1, updatedAt: 1, hasResult: false, timeline: [], answeredInputKeys: [], ...fields,
  };
}

const ids = (tasks: readonly TrackedTask[]) => tasks.map((task) => task.localId);

describe('TaskRegistry.ofServer', () => {
  it('holds each server\'s tasks, in the order they were first tracked, as all() does', () => {
    const { parts } = engineKit();
    for (const [id, server] of [['a1', 'a'], ['b1', 'b'], ['a2', 'a'], ['a3', 'a']] as const) parts.registry.put(tracked(id, server));
    parts.registry.put(tracked('a1', 'a', { updatedAt: 2 }));
    expect(ids(parts.registry.ofServer('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(parts.registry.ofServer('a')[0]?.updatedAt).toBe(2);
    expect(ids(parts.registry.ofServer('b'))).toEqual(['b1']);
    expect(parts.registry.ofServer('c')).toEqual([]);
    expect(ids(parts.registry.all().filter((task) => task.serverId === 'a'))).toEqual(ids(parts.registry.ofServer('a')));
  });

  it('forgets a removed task, and a task put under another server moves with it', () => {
    const { parts } = engineKit();
    parts.registry.put(tracked('a1', 'a'));
    parts.registry.put(tracked('a2', 'a'));
    parts.registry.remove('a1');
    parts.registry.put(tracked('a2', 'b'));
    expect(parts.registry.ofServer('a')).toEqual([]);
    expect(ids(parts.registry.ofServer('b'))).toEqual(['a2']);
  });

  it('includes the tasks loaded from the store', async () => {
    const { parts } = engineKit({ initial: [tracked('a1', 'a'), tracked('b1', 'b')] });
    await parts.registry.load();
    expect(ids(parts.registry.ofServer('b'))).toEqual(['b1']);
  });
});
