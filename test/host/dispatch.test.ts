/**
 * `dispatch` against a real host: the contract's checks (unknown channels, invalid payloads),
 * then every task channel against both embedded demo servers over stdio, as configured on a
 * first start. Every answer is checked against its response schema (see host-harness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import type { TaskDetail } from '../../shared/ipc/contract.js';
import { groupHeads, groupTasks, waitingTasks } from '../../shared/inbox-groups.js';
import { isInListOrder } from '../../shared/inbox-order.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { invoke, invokeError, startTestHost, waitForConnected, type TestHost } from './host-harness.js';

let test: TestHost;

beforeAll(async () => {
  test = await startTestHost();
  await waitForConnected(test, ['demo-extension', 'demo-legacy']);
});

afterAll(async () => {
  await test.stop();
  const error = await invokeError(test.host, 'app:info', {});
  expect(error.message).toMatch(/shutting down/);
});

/** Waits until `tasks:get` of `id` satisfies `predicate`. */
function waitForTask(id: string, predicate: (task: TaskDetail) => boolean, what: string): Promise<TaskDetail> {
  return test.events.waitFor(async () => {
    const task = await invoke(test.host, 'tasks:get', { localId: id });
    return task !== null && predicate(task) ? task : undefined;
  }, what);
}

describe('dispatch checks the contract first', () => {
  it.each<[string, unknown]>([
    ['an unknown name', 'tasks:explode'],
    ['an Object.prototype member', '__proto__'],
    ['constructor', 'constructor'],
    ['a number', 42],
    ['nothing', undefined],
    ['an object', { channel: 'app:info' }],
  ])('refuses %s as a channel', async (_case, channel) => {
    expect(await invokeError(test.host, channel, {})).toEqual({ message: 'Unknown request.' });
  });

  it.each<[string, string, unknown, RegExp]>([
    ['no payload', 'app:info', undefined, /app:info is not valid/],
    ['a missing field', 'tasks:get', {}, /id/],
    ['an empty id', 'tools:list', { serverId: '' }, /serverId/],
    ['a wrong type', 'tools:call', { serverId: 'demo-extension', name: 'build', arguments: [] }, /arguments/],
    ['a too large import', 'servers:import', { json: 'x'.repeat(1_000_001) }, /json/],
    ['a non-http url', 'servers:save', { server: { name: 'x', transport: 'http', url: 'file:///etc/passwd' } }, /url/],
  ])('refuses %s with a message naming the field', async (_case, channel, payload, message) => {
    const error = await invokeError(test.host, channel, payload);
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/\n|at .*\.ts/);
  });

  it('never echoes payload values in its errors', async () => {
    const secret = 'Bearer do-not-echo-me';
    const error = await invokeError(test.host, 'servers:save', { server: { name: 'x', transport: 'http', url: 'nope', headers: { Authorization: secret } } });
    expect(error.message).not.toContain(secret);
    expect(test.logger.text()).not.toContain(secret);
  });
});

describe('app and servers', () => {
  it('app:info tells the version, mode, store problems and what the UI may do', async () => {
    expect(await invoke(test.host, 'app:info', {})).toEqual({
      version: packageJson.version,
      mode: 'electron',
      storeProblems: [],
      secretProtection: 'os-keychain',
      canEditStdio: true,
    });
  });

  it('a first start runs both demo servers, pre-approved', async () => {
    const servers = await invoke(test.host, 'servers:list', {});
    expect(servers.map(({ id, origin, approved, state }) => ({ id, origin, approved, status: state?.status }))).toEqual([
      { id: 'demo-extension', origin: 'default', approved: true, status: 'connected' },
      { id: 'demo-legacy', origin: 'default', approved: true, status: 'connected' },
    ]);
    expect(test.events.of('servers:changed').length).toBeGreaterThan(0);
  });

  it('tools:list of an unknown server says so', async () => {
    expect((await invokeError(test.host, 'tools:list', { serverId: 'nope' })).message).toMatch(/not configured/);
  });
});

/** Per server: `execution.taskSupport` of build and quick (2025-11-25 only), and a call it refuses with a JSON-RPC error. */
const servers = [
  { serverId: 'demo-extension', build: undefined, quick: undefined, refused: { name: 'no-such-tool', arguments: {} } },
  { serverId: 'demo-legacy', build: 'required', quick: 'forbidden', refused: { name: 'build', arguments: { durationMs: 'soon' } } },
];

describe.each(servers)('tasks on $serverId', ({ serverId, build: buildSupport, quick: quickSupport, refused }) => {
  it('tools:list maps tools, with execution.taskSupport where declared', async () => {
    const tools = await invoke(test.host, 'tools:list', { serverId });
    const build = tools.find((tool) => tool.name === 'build');
    expect(build).toMatchObject({ title: 'Build project', inputSchema: { type: 'object' } });
    expect(build?.taskSupport).toBe(buildSupport);
    expect(tools.find((tool) => tool.name === 'quick')?.taskSupport).toBe(quickSupport);
  });

  it('tools:call of an immediate tool answers with its result', async () => {
    const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'quick', arguments: { text: 'hi' } });
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [expect.objectContaining({ type: 'text' })] } });
  });

  it('build: a task, pushed as tasks:updated, with its detail and result', async () => {
    const args = { durationMs: 500, project: `app-${serverId}` };
    const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'build', arguments: args });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    expect(outcome.task).not.toHaveProperty('arguments');
    const done = await waitForTask(outcome.task.localId, isTaskFinished, 'build to finish');
    expect(done).toMatchObject({ snapshot: { status: 'completed' }, hasResult: true, arguments: args, toolName: 'build' });
    expect(done.timeline.length).toBeGreaterThan(1);
    const updates = test.events.of('tasks:updated').flatMap((payload) => payload.tasks).filter((task) => task.localId === outcome.task.localId);
    expect(updates.at(-1)?.snapshot?.status).toBe('completed');
    expect(await invoke(test.host, 'tasks:list', {})).toContainEqual(expect.objectContaining({ localId: outcome.task.localId, snapshot: expect.objectContaining({ status: 'completed' }) }));
    const result = await invoke(test.host, 'tasks:result', { localId: outcome.task.localId });
    expect(JSON.stringify(result)).toContain(`dist/${args.project}.tar.gz`);
  });

  it('a question arrives as inputs:changed and is answered with inputs:answer', async () => {
    const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'deploy', arguments: { service: 'api', durationMs: 200 } });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const input = await test.events.waitFor(
      () => test.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((pending) => pending.localId === outcome.task.localId),
      'the deploy question',
    );
    expect(await invoke(test.host, 'inputs:list', {})).toContainEqual(input);
    await invoke(test.host, 'inputs:answer', { localId: input.localId, serverId: input.serverId, key: input.key, response: { action: 'accept', content: { confirm: true, environment: 'production' } } });
    await waitForTask(outcome.task.localId, isTaskFinished, 'deploy to finish');
    expect(JSON.stringify(await invoke(test.host, 'tasks:result', { localId: outcome.task.localId }))).toContain('Deployed api to production');
    expect((await invokeError(test.host, 'inputs:answer', { localId: input.localId, serverId: input.serverId, key: input.key, response: { action: 'accept' } })).message).toMatch(/no longer pending/);
  });

  it('cancel ends a running task; remove takes it out of the list', async () => {
    const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'sleep', arguments: { durationMs: 600_000 } });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    await invoke(test.host, 'tasks:cancel', { localId: outcome.task.localId });
    const ended = await waitForTask(outcome.task.localId, isTaskFinished, 'sleep to be cancelled');
    expect(ended.snapshot?.status).toBe('cancelled');
    expect((await invokeError(test.host, 'tasks:cancel', { localId: outcome.task.localId })).message).toMatch(/Only a running task/);

    await invoke(test.host, 'tasks:remove', { localId: outcome.task.localId });
    await test.events.waitFor(() => test.events.of('tasks:removed').some((payload) => payload.localIds.includes(outcome.task.localId)) || undefined, 'tasks:removed');
    expect(await invoke(test.host, 'tasks:get', { localId: outcome.task.localId })).toBeNull();
    expect(await invoke(test.host, 'tasks:result', { localId: outcome.task.localId })).toBeNull();
  });

  it('a call the server refuses comes back as an error with its JSON-RPC code', async () => {
    const error = await invokeError(test.host, 'tools:call', { serverId, ...refused });
    expect(error.code).toBe(-32602);
    expect(error.message.length).toBeLessThanOrEqual(1_001);
  });
});

describe('tasks:list', () => {
  it("answers in the inbox's order: the running tasks first, newest start first, then the finished", async () => {
    const started: string[] = [];
    for (const serverId of ['demo-extension', 'demo-legacy', 'demo-extension']) {
      const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'sleep', arguments: { durationMs: 600_000 } });
      if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
      started.push(outcome.task.localId);
      // Distinct start times, so the order between them is by start, not by id.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const listed = await invoke(test.host, 'tasks:list', {});
    expect(isInListOrder(listed)).toBe(true);
    expect(listed.slice(0, 3).map((task) => task.localId)).toEqual([...started].reverse());
    expect(listed.slice(3).some((task) => !isTaskFinished(task))).toBe(false);
    expect(listed.length).toBeGreaterThan(3);
    for (const id of started) await invoke(test.host, 'tasks:cancel', { localId: id });
  });
});

describe('tasks:head', () => {
  it("answers each group's first tasks and its count, grouped as the whole list is (a task with a question under Needs you)", async () => {
    const started: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const outcome = await invoke(test.host, 'tools:call', { serverId: 'demo-extension', name: 'sleep', arguments: { durationMs: 600_000 } });
      if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
      started.push(outcome.task.localId);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const asking = await invoke(test.host, 'tools:call', { serverId: 'demo-extension', name: 'deploy', arguments: { service: 'api', durationMs: 200 } });
    if (asking.kind !== 'task') throw new Error(`expected a task, got ${asking.kind}`);
    started.push(asking.task.localId);
    await test.events.waitFor(() => test.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((pending) => pending.localId === asking.task.localId), 'the deploy question');

    const [head, list, inputs] = [await invoke(test.host, 'tasks:head', { rowsPerGroup: 2 }), await invoke(test.host, 'tasks:list', {}), await invoke(test.host, 'inputs:list', {})];
    expect(head).toEqual(groupHeads(groupTasks(list, waitingTasks(inputs)), 2, (task) => task));
    const byGroup = Object.fromEntries(head.map((group) => [group.group, group]));
    expect(byGroup['needs-you']?.tasks.map((task) => task.localId)).toContain(asking.task.localId);
    expect(byGroup.running?.count).toBeGreaterThanOrEqual(3);
    expect(byGroup.running?.tasks.map((task) => task.localId)).toEqual([started[2], started[1]]);
    expect(head.reduce((sum, group) => sum + group.count, 0)).toBe(list.length);
    expect((await invokeError(test.host, 'tasks:head', { rowsPerGroup: 0 })).message).toMatch(/rowsPerGroup/);
    for (const id of started) await invoke(test.host, 'tasks:cancel', { localId: id });
  });
});
