/**
 * The embedded demo servers as real child processes, over real pipes and sockets, driven by
 * raw JSON-RPC clients: the extension form (2026-07-28,
 * docs/protocol-notes.md#the-tasks-extension-2026-07-28) and the legacy form (2025-11-25,
 * docs/protocol-notes.md#the-experimental-tasks-of-2025-11-25), each over stdio and Streamable
 * HTTP.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { ExtensionClient, SUBSCRIPTION_ID_META_KEY, TASK_CAPABILITIES, TASKS_EXTENSION_ID, type DetailedTask } from '../helpers/extension-client.js';
import { HttpChannel } from '../helpers/http-channel.js';
import type { JsonRpcMessage, RpcChannel } from '../helpers/json-rpc-channel.js';
import { ErrorReply, LegacyClient, LegacyTaskSchema, RELATED_TASK_META_KEY } from '../helpers/legacy-client.js';
import { StdioChannel } from '../helpers/stdio-channel.js';

const TRANSPORTS = ['stdio', 'http'] as const;
const BUILD_STEPS = ['Resolving dependencies', 'Compiling', 'Linking', 'Running tests', 'Packaging'];

function channelFor(server: DemoServerProcess): RpcChannel {
  return server.url === undefined ? new StdioChannel(server.child) : new HttpChannel(server.url);
}

/** The subscription id a listen-stream message carries. */
const subscriptionOf = (message: JsonRpcMessage): unknown =>
  (message.params?.['_meta'] as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID_META_KEY];

/** The `attempt` counter in the `data` of a flaky failure. */
const attemptOf = (data: unknown): unknown => (data as { attempt?: unknown } | undefined)?.attempt;

/** A `CreateMessageResult` a user approved, with `text` as the completion. */
const completion = (text: string) => ({ role: 'assistant', model: 'test-model-1', content: { type: 'text', text }, stopReason: 'endTurn' });

/** Roots a client shares in the tests. */
const SHARED_ROOTS = { roots: [{ uri: 'file:///home/dev/app', name: 'app' }, { uri: 'file:///srv/shared-lib' }] };

/** Accepted answers to plan_release's two forms. */
const RELEASE_WINDOW_ANSWER = { action: 'accept', content: { date: '2026-09-01', window: 'evening' } };
const RELEASE_APPROVER_ANSWER = { action: 'accept', content: { approver: 'lead@example.com', notify: false } };

/** The sampling request summarize_changes sends, in either form. */
const SAMPLING_PARAMS = {
  messages: [{ role: 'user', content: { type: 'text', text: expect.stringContaining('- Fix login') } }],
  systemPrompt: expect.any(String),
  maxTokens: 300,
  temperature: expect.any(Number),
  modelPreferences: { hints: [{ name: expect.any(String) }], costPriority: expect.any(Number), speedPriority: expect.any(Number), intelligencePriority: expect.any(Number) },
  includeContext: 'none',
};

/** The server exits by itself, with code 0, after stdin closed (stdio) or on SIGTERM. */
async function expectCleanExit(server: DemoServerProcess, how: 'stdin' | 'SIGTERM'): Promise<void> {
  const exited = once(server.child, 'exit');
  if (how === 'stdin') server.child.stdin.end();
  else server.child.kill('SIGTERM');
  await exited;
  expect(server.child.signalCode).toBeNull();
  expect(server.child.exitCode).toBe(0);
}

afterAll(stopAllDemoServers);

describe.each(TRANSPORTS)('extension server (2026-07-28 + tasks extension) over %s', (transport) => {
  let server: DemoServerProcess;
  let channel: RpcChannel;
  let client: ExtensionClient;

  beforeAll(async () => {
    server = await startDemoServer({ form: 'extension', transport });
    channel = channelFor(server);
    client = new ExtensionClient(channel, transport);
  });

  const startTask = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const response = await client.callTool(name, args);
    expect(response.result?.['resultType']).toBe('task');
    return String(response.result?.['taskId']);
  };

  it('advertises the tasks extension in server/discover', async () => {
    const response = await client.request('server/discover', {});
    expect(response.result?.['supportedVersions']).toEqual(['2026-07-28']);
    expect(response.result?.['capabilities']).toMatchObject({ extensions: { [TASKS_EXTENSION_ID]: {} } });
    expect(response.result?.['_meta']).toMatchObject({ 'io.modelcontextprotocol/serverInfo': { name: 'demo-extension' } });
    const legacyOpening = await channel.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } });
    expect(legacyOpening.error?.code).toBe(-32022);
  });

  it('answers quick at once with a plain result, never a task', async () => {
    const response = await client.callTool('quick', { text: 'hello' });
    expect(response.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hello' }] });
    expect(response.result).not.toHaveProperty('taskId');
  });

  it('runs build as a task whose steps show in statusMessage, then inlines the result', async () => {
    const response = await client.callTool('build', { durationMs: 600, project: 'alpha' });
    expect(response.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 500 });
    expect(response.result).not.toHaveProperty('result');
    const taskId = String(response.result?.['taskId']);
    expect(taskId).toMatch(/^[0-9a-f-]{36}$/);

    const { task, statusMessages } = await client.pollTask(taskId);
    expect(task.status).toBe('completed');
    expect(statusMessages.filter((message) => message.startsWith('Step ')).length).toBeGreaterThanOrEqual(3);
    expect(statusMessages).toContain('Step 1/5: Resolving dependencies');
    expect(task.result).toMatchObject({
      content: [{ type: 'text' }],
      structuredContent: { project: 'alpha', steps: BUILD_STEPS, artifact: 'dist/alpha.tar.gz', durationMs: 600 },
    });
    // Deliberate: the inline result carries no resultType of its own
    // (docs/protocol-notes.md#errata-the-code-tolerates).
    expect(task.result).not.toHaveProperty('resultType');
  });

  it('asks deploy’s confirmation as an inputRequest and continues after tasks/update', async () => {
    const taskId = await startTask('deploy', { service: 'api', durationMs: 200 });
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(task.inputRequests?.['confirm_deploy']).toMatchObject({
      method: 'elicitation/create',
      params: {
        mode: 'form',
        requestedSchema: {
          properties: { confirm: { type: 'boolean', title: 'Deploy now?' }, environment: { enum: ['staging', 'production'], default: 'staging' } },
          required: ['confirm', 'environment'],
        },
      },
    });

    const ack = await client.request('tasks/update', {
      taskId,
      inputResponses: { confirm_deploy: { action: 'accept', content: { confirm: true, environment: 'production', note: 'go' } }, unknown_key: { action: 'cancel' } },
    });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    const { task: done, statusMessages } = await client.pollTask(taskId);
    expect(done.status).toBe('completed');
    expect(statusMessages).toContain('Deploying to production');
    expect(done.result).toMatchObject({ structuredContent: { service: 'api', started: true, environment: 'production', note: 'go' } });
  });

  it('completes deploy without deploying when the form is declined', async () => {
    const taskId = await startTask('deploy', { durationMs: 0 });
    await client.pollTask(taskId, (t) => t.status === 'input_required');
    await client.request('tasks/update', { taskId, inputResponses: { confirm_deploy: { action: 'decline' } } });
    const { task } = await client.pollTask(taskId);
    expect(task).toMatchObject({ status: 'completed', result: { structuredContent: { started: false, action: 'decline' } } });
  });

  it('withdraws deploy’s question after answerWithinMs: it leaves inputRequests while the task goes on, then completes unstarted with a tool error', async () => {
    const taskId = await startTask('deploy', { service: 'api', durationMs: 1_000, answerWithinMs: 300 });
    await client.pollTask(taskId, (t) => t.status === 'input_required');
    await client.pollTask(taskId, (t) => t.status === 'working' && t.inputRequests === undefined);
    const { task, statusMessages } = await client.pollTask(taskId);
    expect(statusMessages).toContain('No answer within 300 ms: undoing the preparation');
    expect(task).toMatchObject({ status: 'completed', result: { isError: true, structuredContent: { service: 'api', started: false, action: 'withdrawn' } } });
  });

  it('echoes exactly the content submitted to configure_release', async () => {
    const taskId = await startTask('configure_release', {});
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(Object.keys(task.inputRequests ?? {})).toEqual(['release_details']);
    const content = { version: '2.0.0', contact: 'rm@example.com', replicas: 4, channel: 'stable', platforms: ['linux', 'macos'], region: 'us-east', reviewers: ['bob'] };
    await client.request('tasks/update', { taskId, inputResponses: { release_details: { action: 'accept', content } } });
    const { task: done } = await client.pollTask(taskId);
    expect(done.result?.['structuredContent']).toEqual(content);
  });

  it('fails flaky (mode "error") with the JSON-RPC error; completes it (mode "isError") with isError', async () => {
    const failedId = await startTask('flaky', { mode: 'error', delayMs: 50 });
    const { task: failed } = await client.pollTask(failedId);
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: 'Flaky build agent lost' } });
    expect(attemptOf(failed.error?.data)).toBeTypeOf('number');

    const isErrorId = await startTask('flaky', { mode: 'isError', delayMs: 50 });
    const { task: completed } = await client.pollTask(isErrorId);
    expect(completed).toMatchObject({ status: 'completed', result: { isError: true } });
  });

  it('cancels sleep promptly', async () => {
    const taskId = await startTask('sleep', { durationMs: 600_000 });
    const ack = await client.request('tasks/cancel', { taskId });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    const { task } = await client.pollTask(taskId, (t) => t.status !== 'working', 2_000);
    expect(task.status).toBe('cancelled');
  });

  const WITH_SAMPLING_AND_ROOTS = { ...TASK_CAPABILITIES, sampling: {}, roots: {} };

  it('asks summarize_changes’ completion as a sampling input request, only of clients declaring sampling', async () => {
    const refused = await client.callTool('summarize_changes', {});
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    const call = await client.callTool('summarize_changes', { changes: '- Fix login', durationMs: 0 }, WITH_SAMPLING_AND_ROOTS);
    const taskId = String(call.result?.['taskId']);
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(task.inputRequests).toEqual({ summary: { method: 'sampling/createMessage', params: SAMPLING_PARAMS } });
    await client.request('tasks/update', { taskId, inputResponses: { summary: completion('Logging in works again.') } });
    const { task: done } = await client.pollTask(taskId);
    expect(done).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'Logging in works again.' }], structuredContent: { summarized: true, summary: 'Logging in works again.', model: 'test-model-1' } },
    });
  });

  it('fails summarize_changes with -32602 when the completion carries no text', async () => {
    const call = await client.callTool('summarize_changes', { durationMs: 0 }, WITH_SAMPLING_AND_ROOTS);
    const taskId = String(call.result?.['taskId']);
    await client.pollTask(taskId, (t) => t.status === 'input_required');
    const imageOnly = { role: 'assistant', model: 'm', content: { type: 'image', data: 'AAAA', mimeType: 'image/png' } };
    await client.request('tasks/update', { taskId, inputResponses: { summary: imageOnly } });
    const { task } = await client.pollTask(taskId);
    expect(task).toMatchObject({ status: 'failed', error: { code: -32602, message: expect.stringContaining('no text content') } });
  });

  it('asks index_workspace’s roots as a roots/list input request, only of clients declaring roots', async () => {
    const refused = await client.callTool('index_workspace', {}, { ...TASK_CAPABILITIES, sampling: {} });
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
    const call = await client.callTool('index_workspace', { durationMs: 0 }, WITH_SAMPLING_AND_ROOTS);
    const taskId = String(call.result?.['taskId']);
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(task.inputRequests).toEqual({ workspace_roots: { method: 'roots/list', params: {} } });
    await client.request('tasks/update', { taskId, inputResponses: { workspace_roots: SHARED_ROOTS } });
    const { task: done } = await client.pollTask(taskId);
    expect(done.result).toMatchObject({ structuredContent: { roots: ['file:///home/dev/app', 'file:///srv/shared-lib'], count: 2 } });
    expect(JSON.stringify(done.result?.['content'])).toContain('file:///srv/shared-lib');

    const none = String((await client.callTool('index_workspace', { durationMs: 0 }, WITH_SAMPLING_AND_ROOTS)).result?.['taskId']);
    await client.pollTask(none, (t) => t.status === 'input_required');
    await client.request('tasks/update', { taskId: none, inputResponses: { workspace_roots: { roots: [] } } });
    const { task: empty } = await client.pollTask(none);
    expect(empty.result).toMatchObject({ content: [{ text: 'No workspace roots were shared; nothing was indexed.' }], structuredContent: { roots: [], count: 0 } });
  });

  it('asks plan_release’s two forms in one tasks/get and waits for both answers (a partial set keeps it input_required)', async () => {
    const taskId = await startTask('plan_release', { durationMs: 0 });
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(Object.keys(task.inputRequests ?? {}).sort()).toEqual(['release_approver', 'release_window']);
    expect(task.inputRequests?.['release_window']).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'form', requestedSchema: { properties: { date: { format: 'date' }, window: { enum: ['morning', 'afternoon', 'evening'] } }, required: ['date', 'window'] } },
    });
    expect(task.inputRequests?.['release_approver']).toMatchObject({ params: { requestedSchema: { properties: { approver: { format: 'email' }, notify: { type: 'boolean' } }, required: ['approver'] } } });

    await client.request('tasks/update', { taskId, inputResponses: { release_window: RELEASE_WINDOW_ANSWER } });
    const { task: partial } = await client.pollTask(taskId, (t) => t.inputRequests?.['release_window'] === undefined);
    expect(partial.status).toBe('input_required');
    expect(Object.keys(partial.inputRequests ?? {})).toEqual(['release_approver']);

    await client.request('tasks/update', { taskId, inputResponses: { release_approver: RELEASE_APPROVER_ANSWER } });
    const { task: done } = await client.pollTask(taskId);
    expect(done.result?.['structuredContent']).toEqual({ planned: true, window: RELEASE_WINDOW_ANSWER, approver: RELEASE_APPROVER_ANSWER });
  });

  it('fails plan_release with -32602 when one of two answers sent together does not fit its form', async () => {
    const taskId = await startTask('plan_release', { durationMs: 0 });
    await client.pollTask(taskId, (t) => t.status === 'input_required');
    await client.request('tasks/update', {
      taskId,
      inputResponses: { release_window: RELEASE_WINDOW_ANSWER, release_approver: { action: 'accept', content: { approver: 'not an address' } } },
    });
    const { task } = await client.pollTask(taskId);
    expect(task).toMatchObject({ status: 'failed', error: { code: -32602, message: expect.stringContaining('release_approver') } });
  });

  it('answers -32602 for an unknown task id', async () => {
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const response = await client.request(method, { taskId: 'no-such-task' });
      expect(response.error?.code).toBe(-32602);
    }
  });

  it('asks open_dashboard as a URL-mode input request (no elicitationId in 2026-07-28), and only of clients declaring elicitation.url', async () => {
    const formOnly = await client.callTool('open_dashboard', {});
    expect(formOnly.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } });
    const withUrl = { extensions: { [TASKS_EXTENSION_ID]: {} }, elicitation: { form: {}, url: {} } };
    const call = await client.callTool('open_dashboard', { service: 'api', url: 'https://good.com@evil.com/' }, withUrl);
    const taskId = String(call.result?.['taskId']);
    const { task } = await client.pollTask(taskId, (t) => t.status === 'input_required');
    expect(task.inputRequests).toEqual({
      open_dashboard: { method: 'elicitation/create', params: { mode: 'url', message: 'Open the dashboard of "api" to confirm the rollout?', url: 'https://good.com@evil.com/' } },
    });
    await client.request('tasks/update', { taskId, inputResponses: { open_dashboard: { action: 'decline' } } });
    const { task: done } = await client.pollTask(taskId, (t) => t.status === 'completed');
    expect(done.result).toMatchObject({ structuredContent: { service: 'api', started: false, action: 'decline' } });
  });

  it('answers -32021 to tasks/get and to a task tool call without the extension', async () => {
    const get = await client.request('tasks/get', { taskId: 'no-such-task' }, {});
    expect(get.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID]: {} } } } });
    const call = await client.callTool('build', { durationMs: 100 }, {});
    expect(call.error?.code).toBe(-32021);
    if (transport === 'http') expect([get.httpStatus, call.httpStatus]).toEqual([400, 400]);
  });

  it('pushes notifications/tasks for a build task on subscriptions/listen, acknowledgement first', async () => {
    const taskId = await startTask('build', { durationMs: 500 });
    const listen = client.listen([taskId, 'no-such-task']);

    const ack = await listen.inbox.next(() => true);
    expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] } } });
    expect(subscriptionOf(ack)).toBe(listen.id);

    const pushed: DetailedTask[] = [];
    while (pushed.at(-1)?.status !== 'completed') {
      const message = await listen.inbox.next((m) => m.method === 'notifications/tasks');
      expect(subscriptionOf(message)).toBe(listen.id);
      expect(message.params).not.toHaveProperty('resultType');
      pushed.push(message.params as DetailedTask);
    }
    listen.close();
    expect(pushed.every((task) => task.taskId === taskId)).toBe(true);
    expect(new Set(pushed.map((task) => task.statusMessage)).size).toBeGreaterThanOrEqual(3);
    expect(pushed.at(-1)?.result).toMatchObject({ structuredContent: { steps: BUILD_STEPS } });
  });

  it('sends nothing more on a subscription the client ended', async () => {
    const taskId = await startTask('sleep', {});
    const listen = client.listen([taskId]);
    await listen.inbox.next((m) => m.method === 'notifications/tasks');
    const late: JsonRpcMessage[] = [];
    const unsubscribe = channel.onMessage((message) => {
      if (subscriptionOf(message) === listen.id) late.push(message);
    });
    listen.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.request('tasks/cancel', { taskId });
    await new Promise((resolve) => setTimeout(resolve, 200));
    unsubscribe();
    expect(late).toEqual([]);
  });

  it('ends a subscription with no agreed task at once, and refuses one without the extension', async () => {
    const listen = client.listen(['no-such-task']);
    expect(await listen.inbox.next(() => true)).toMatchObject({ params: { notifications: { taskIds: [] } } });
    expect(await listen.inbox.next(() => true)).toMatchObject({ id: listen.id, result: { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_META_KEY]: listen.id } } });

    const refused = await client.request('subscriptions/listen', { notifications: { taskIds: [] } }, {});
    expect(refused.error?.code).toBe(-32021);
  });

  it('ends open subscriptions gracefully and exits cleanly on SIGTERM', async () => {
    const listen = client.listen([await startTask('sleep', {})]);
    await listen.inbox.next((m) => m.method === 'notifications/tasks');
    await expectCleanExit(server, 'SIGTERM');
    expect(await listen.inbox.next((m) => m.id === listen.id)).toMatchObject({ result: { resultType: 'complete' } });
  });
});

describe.each(TRANSPORTS)('legacy server (2025-11-25 tasks) over %s', (transport) => {
  let server: DemoServerProcess;
  let client: LegacyClient;
  let channel: RpcChannel;
  let capabilities: unknown;

  beforeAll(async () => {
    server = await startDemoServer({ form: 'legacy', transport });
    channel = channelFor(server);
    client = new LegacyClient(channel);
    capabilities = (await client.initialize()).result?.['capabilities'];
  });

  const startTask = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const response = await client.callTool(name, args, { ttl: 60_000 });
    return LegacyTaskSchema.parse(response.result?.['task']).taskId;
  };

  it('advertises task capabilities and per-tool taskSupport', async () => {
    expect(capabilities).toMatchObject({ tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    const tools = (await client.request('tools/list', {})).result?.['tools'] as { name: string; execution?: { taskSupport?: string } }[];
    const support = Object.fromEntries(tools.map((tool) => [tool.name, tool.execution?.taskSupport]));
    expect(support).toMatchObject({
      build: 'required',
      deploy: 'required',
      open_dashboard: 'required',
      configure_release: 'required',
      summarize_changes: 'required',
      index_workspace: 'required',
      plan_release: 'required',
      flaky: 'required',
      sleep: 'required',
    });
    expect(support['quick'] ?? 'forbidden').toBe('forbidden');
  });

  it('answers quick at once with a plain result, never a task', async () => {
    const response = await client.callTool('quick', { text: 'hello' });
    expect(response.result).toMatchObject({ content: [{ type: 'text', text: 'hello' }] });
    expect(response.result).not.toHaveProperty('task');
    const unaugmented = await client.callTool('build', { durationMs: 100 });
    expect(unaugmented.result).toMatchObject({ isError: true });
  });

  it('runs build as a task whose steps show in statusMessage; tasks/result returns the result', async () => {
    const notifications: JsonRpcMessage[] = [];
    const unsubscribe = channel.onMessage((message) => {
      if (message.method === 'notifications/tasks/status') notifications.push(message);
    });
    const response = await client.callTool('build', { durationMs: 600, project: 'beta' }, { ttl: 60_000 });
    const created = LegacyTaskSchema.parse(response.result?.['task']);
    expect(created).toMatchObject({ status: 'working', ttl: 3_600_000, pollInterval: 500 });

    const { task, statusMessages } = await client.pollTask(created.taskId);
    expect(task.status).toBe('completed');
    expect(statusMessages.filter((message) => message.startsWith('Step ')).length).toBeGreaterThanOrEqual(3);

    const result = await client.taskResult(created.taskId);
    expect(result.result).toMatchObject({
      structuredContent: { project: 'beta', steps: BUILD_STEPS, artifact: 'dist/beta.tar.gz', durationMs: 600 },
      _meta: { [RELATED_TASK_META_KEY]: { taskId: created.taskId } },
    });
    unsubscribe();
    // The SDK sends status notifications unrelated to any request: stdout on stdio, the GET stream on HTTP.
    if (transport === 'stdio') expect(notifications.map((n) => n.params?.['statusMessage'])).toContain('Step 2/5: Compiling');
  });

  it('delivers deploy’s form on the tasks/result stream and completes after accept', async () => {
    const taskId = await startTask('deploy', { service: 'api', durationMs: 200 });
    await client.pollTask(taskId, (task) => task.status === 'input_required');
    const asked: JsonRpcMessage[] = [];
    const result = await client.taskResult(taskId, (request) => {
      asked.push(request);
      return { action: 'accept', content: { confirm: true, environment: 'production' } };
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.params).toMatchObject({ mode: 'form', requestedSchema: { properties: { confirm: { title: 'Deploy now?' } } } });
    expect(result.result).toMatchObject({ structuredContent: { service: 'api', started: true, environment: 'production' } });
    expect((await client.getTask(taskId)).status).toBe('completed');
  });

  it('fails flaky (mode "error"): tasks/result answers the JSON-RPC error; isError fails with the result', async () => {
    const failedId = await startTask('flaky', { mode: 'error', delayMs: 50 });
    expect((await client.pollTask(failedId)).task.status).toBe('failed');
    const error = await client.taskResult(failedId);
    expect(error.error).toMatchObject({ code: -32603, message: 'Flaky build agent lost' });
    expect(attemptOf(error.error?.data)).toBeTypeOf('number');

    const isErrorId = await startTask('flaky', { mode: 'isError', delayMs: 50 });
    expect((await client.pollTask(isErrorId)).task.status).toBe('failed');
    expect((await client.taskResult(isErrorId)).result).toMatchObject({ isError: true });
  });

  it('cancels sleep: tasks/cancel returns the cancelled task', async () => {
    const taskId = await startTask('sleep', {});
    const response = await client.request('tasks/cancel', { taskId });
    expect(LegacyTaskSchema.parse(response.result)).toMatchObject({ taskId, status: 'cancelled' });
    expect((await client.getTask(taskId)).status).toBe('cancelled');
    const again = await client.request('tasks/cancel', { taskId });
    expect(again.error?.code).toBe(-32602);
  });

  it('lists its tasks and answers -32602 for an unknown one', async () => {
    const listed = (await client.request('tasks/list', {})).result?.['tasks'] as unknown[];
    expect(listed.length).toBeGreaterThanOrEqual(5);
    expect((await client.request('tasks/get', { taskId: 'no-such-task' })).error?.code).toBe(-32602);
  });

  it('refuses summarize_changes and index_workspace to a client that declared neither sampling nor roots: no task', async () => {
    const before = ((await client.request('tasks/list', {})).result?.['tasks'] as unknown[]).length;
    for (const tool of ['summarize_changes', 'index_workspace']) {
      const response = await client.callTool(tool, {}, { ttl: 60_000 });
      // The refusal (like open_dashboard's) is thrown in createTask; SDK 1.32's McpServer turns it
      // into an isError result, which its task-result check then answers as a JSON-RPC error.
      expect(response.error?.code).toBeTypeOf('number');
      expect(response.result).toBeUndefined();
    }
    expect(((await client.request('tasks/list', {})).result?.['tasks'] as unknown[]).length).toBe(before);
  });

  it('exits cleanly', () => expectCleanExit(server, transport === 'stdio' ? 'stdin' : 'SIGTERM'));
});

describe.each(TRANSPORTS)('legacy server (2025-11-25 tasks), client declaring sampling and roots, over %s', (transport) => {
  let server: DemoServerProcess;
  let client: LegacyClient;

  beforeAll(async () => {
    server = await startDemoServer({ form: 'legacy', transport });
    client = new LegacyClient(channelFor(server));
    await client.initialize({ elicitation: { form: {} }, sampling: {}, roots: {} });
  });

  const startTask = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const response = await client.callTool(name, args, { ttl: 60_000 });
    return LegacyTaskSchema.parse(response.result?.['task']).taskId;
  };

  it('sends summarize_changes’ sampling/createMessage on the tasks/result stream and completes with the reply', async () => {
    const taskId = await startTask('summarize_changes', { changes: '- Fix login', durationMs: 0 });
    await client.pollTask(taskId, (task) => task.status === 'input_required');
    const asked: JsonRpcMessage[] = [];
    const result = await client.taskResult(taskId, (request) => {
      asked.push(request);
      return completion('Logging in works again.');
    });
    expect(asked.map((request) => request.method)).toEqual(['sampling/createMessage']);
    expect(asked[0]?.params).toMatchObject({ ...SAMPLING_PARAMS, _meta: { [RELATED_TASK_META_KEY]: { taskId } } });
    expect(result.result).toMatchObject({ structuredContent: { summarized: true, summary: 'Logging in works again.', model: 'test-model-1' } });
  });

  it('completes summarize_changes unsummarized when the client answers the sampling request with a JSON-RPC error', async () => {
    const taskId = await startTask('summarize_changes', { durationMs: 0 });
    await client.pollTask(taskId, (task) => task.status === 'input_required');
    const result = await client.taskResult(taskId, () => new ErrorReply(-1, 'The user declined the sampling request'));
    expect(result.result).toMatchObject({ structuredContent: { summarized: false, reason: 'The user declined the sampling request' } });
    expect((await client.getTask(taskId)).status).toBe('completed');
  });

  it('sends index_workspace’s roots/list on the tasks/result stream and indexes the roots given', async () => {
    const taskId = await startTask('index_workspace', { durationMs: 0 });
    await client.pollTask(taskId, (task) => task.status === 'input_required');
    const asked: JsonRpcMessage[] = [];
    const result = await client.taskResult(taskId, (request) => {
      asked.push(request);
      return SHARED_ROOTS;
    });
    expect(asked.map((request) => request.method)).toEqual(['roots/list']);
    expect(result.result).toMatchObject({ structuredContent: { roots: ['file:///home/dev/app', 'file:///srv/shared-lib'], count: 2 } });
  });

  it('sends plan_release’s two elicitation/create requests at once and completes with both answers', async () => {
    const taskId = await startTask('plan_release', { durationMs: 0 });
    await client.pollTask(taskId, (task) => task.status === 'input_required');
    const asked: JsonRpcMessage[] = [];
    let bothAsked: () => void = () => {};
    const both = new Promise<void>((resolve) => (bothAsked = resolve));
    // Neither request is answered before the other arrived: they are outstanding together.
    const result = await client.taskResult(taskId, async (request) => {
      asked.push(request);
      if (asked.length === 2) bothAsked();
      await both;
      return JSON.stringify(request.params).includes('approver') ? RELEASE_APPROVER_ANSWER : RELEASE_WINDOW_ANSWER;
    });
    expect(asked.map((request) => request.method)).toEqual(['elicitation/create', 'elicitation/create']);
    expect(result.result).toMatchObject({ structuredContent: { planned: true, window: RELEASE_WINDOW_ANSWER, approver: RELEASE_APPROVER_ANSWER } });
  });

  it('exits cleanly', () => expectCleanExit(server, transport === 'stdio' ? 'stdin' : 'SIGTERM'));
});
