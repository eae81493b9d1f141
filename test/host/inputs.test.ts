/**
 * Questions servers ask, through a real host against both embedded demo servers: the views are
 * built by the host from the engine's pending inputs (the renderer never sees a raw schema), and
 * every answer is checked again by the host before the engine sends it (docs/elicitation-forms.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingInputView, ServerView, TaskDetail } from '../../shared/ipc/contract.js';
import { isTaskFinished, type PendingInput } from '../../shared/task-model.js';
import { checkAnswer, toPendingInputView, toPendingInputViews } from '../../electron/host/input-views.js';
import { invoke, invokeError, startTestHost, waitForConnected, type TestHost } from './host-harness.js';

const SERVERS = ['demo-extension', 'demo-legacy'] as const;

let test: TestHost;

beforeAll(async () => {
  test = await startTestHost();
  await waitForConnected(test, SERVERS);
});

afterAll(async () => {
  await test?.stop();
});

function waitForTask(id: string, predicate: (task: TaskDetail) => boolean, what: string): Promise<TaskDetail> {
  return test.events.waitFor(async () => {
    const task = await invoke(test.host, 'tasks:get', { localId: id });
    return task !== null && predicate(task) ? task : undefined;
  }, what);
}

/** Starts `tool` on `serverId` and waits for its question, pushed as inputs:changed. */
async function askedBy(serverId: string, tool: string, args: Record<string, unknown> = {}): Promise<PendingInputView & { localId: string }> {
  const outcome = await invoke(test.host, 'tools:call', { serverId, name: tool, arguments: args });
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  const view = await test.events.waitFor(
    () => test.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((pending) => pending.localId === outcome.task.localId),
    `the ${tool} question on ${serverId}`,
  );
  return { ...view, localId: outcome.task.localId };
}

async function structuredContent(taskId: string): Promise<Record<string, unknown>> {
  await waitForTask(taskId, isTaskFinished, 'the task to finish');
  const result = await invoke(test.host, 'tasks:result', { localId: taskId });
  return (result?.['structuredContent'] ?? {}) as Record<string, unknown>;
}

describe.each(SERVERS)('deploy on %s', (serverId) => {
  it('arrives as a checked form view naming the server, and the same view from inputs:list', async () => {
    const view = await askedBy(serverId, 'deploy', { service: 'api', durationMs: 200 });
    expect(view).toMatchObject({
      serverId,
      method: 'elicitation/create',
      kind: 'form',
      message: 'Deploy service "api"?',
      server: { name: expect.any(String), reportedName: expect.any(String) },
    });
    if (view.kind !== 'form') throw new Error('expected a form');
    expect(view.form.fields).toEqual([
      { name: 'confirm', label: 'Deploy now?', required: true, kind: 'boolean' },
      { name: 'environment', label: 'Environment', required: true, kind: 'select', options: [{ value: 'staging', label: 'staging' }, { value: 'production', label: 'production' }], initial: 'staging' },
      { name: 'note', label: 'Note', description: 'Shown in the deployment log.', required: false, kind: 'text', maxLength: 200 },
    ]);
    expect(view).not.toHaveProperty('request');
    expect(JSON.stringify(view)).not.toContain('requestedSchema');
    expect(await invoke(test.host, 'inputs:list', {})).toContainEqual(view);

    // Refused by the host, each leaving the question pending.
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      ['an undeclared field', { action: 'accept', content: { confirm: true, environment: 'production', extra: 'x' } }, /does not declare/],
      ['a wrong-typed value', { action: 'accept', content: { confirm: 'yes', environment: 'production' } }, /confirm: Choose yes or no/],
      ['an option not offered', { action: 'accept', content: { confirm: true, environment: 'moon' } }, /environment/],
      ['a missing required field', { action: 'accept', content: { environment: 'production' } }, /confirm/],
      ['a note over 200 characters', { action: 'accept', content: { confirm: true, environment: 'staging', note: 'n'.repeat(201) } }, /note/],
      ['a decline with content', { action: 'decline', content: { confirm: true } }, /without any content/],
      ['a cancel with content', { action: 'cancel', content: {} }, /without any content/],
      ['an accept without content', { action: 'accept' }, /refused/],
      ['an unknown action', { action: 'maybe' }, /refused/],
      ['a stray key', { action: 'decline', _meta: {} }, /refused/],
    ];
    for (const [what, response, message] of refusals) {
      const error = await invokeError(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response });
      expect(error.message, what).toMatch(message);
    }
    expect((await invoke(test.host, 'inputs:list', {})).some((input) => input.localId === view.localId)).toBe(true);

    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept', content: { confirm: true, environment: 'production' } } });
    expect(await structuredContent(view.localId)).toMatchObject({ started: true, environment: 'production' });
  });

  it.each(['decline', 'cancel'] as const)('%s completes with started false', async (action) => {
    const view = await askedBy(serverId, 'deploy', { service: 'api', durationMs: 200 });
    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action } });
    expect(await structuredContent(view.localId)).toMatchObject({ started: false });
  });
});

describe.each(SERVERS)('open_dashboard on %s (URL mode)', (serverId) => {
  it('arrives as a url view with the full address and real host; accept carries no content and starts the rollout', async () => {
    const view = await askedBy(serverId, 'open_dashboard', { service: 'api', durationMs: 50 });
    expect(view).toMatchObject({
      serverId,
      kind: 'url',
      message: 'Open the dashboard of "api" to confirm the rollout?',
      url: { full: 'https://example.com/dashboard', host: 'example.com', warnings: [], canOpen: true },
    });
    expect(await invoke(test.host, 'inputs:list', {})).toContainEqual(view);
    for (const response of [{ action: 'accept', content: {} }, { action: 'accept', content: { confirm: true } }, { action: 'maybe' }]) {
      expect((await invokeError(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response })).message).toMatch(/refused/);
    }
    // This host has no way to open pages (as in browser mode): it says so, and nothing is opened.
    expect((await invokeError(test.host, 'app:open-external', { url: 'https://example.com/dashboard' })).message).toMatch(/open this address yourself/);
    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept' } });
    expect(await structuredContent(view.localId)).toEqual({ service: 'api', started: true, action: 'accept' });
  });

  it.each(['decline', 'cancel'] as const)('%s completes with started false', async (action) => {
    const view = await askedBy(serverId, 'open_dashboard', { service: 'api' });
    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action } });
    expect(await structuredContent(view.localId)).toEqual({ service: 'api', started: false, action });
  });

  it('a user-info trick shows the real host with a warning, and can only be declined', async () => {
    const view = await askedBy(serverId, 'open_dashboard', { url: 'https://good.com@evil.com/login' });
    if (view.kind !== 'url') throw new Error('expected a url view');
    expect(view.url).toMatchObject({ full: 'https://good.com@evil.com/login', host: 'evil.com', canOpen: false });
    expect(view.url.warnings.join(' ')).toMatch(/evil\.com/);
    expect((await invokeError(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept' } })).message).toMatch(/will not open/);
    expect((await invokeError(test.host, 'app:open-external', { url: view.url.full })).message).toMatch(/not one a pending question/);
    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'decline' } });
    expect(await structuredContent(view.localId)).toMatchObject({ started: false, action: 'decline' });
  });
});

describe('app:open-external with an injected openExternal (as Electron passes openExternalSafe)', () => {
  it('opens only the URL of a pending URL-mode question, then the accept goes through', async () => {
    const opened: string[] = [];
    const withOpener = await startTestHost({ openExternal: (url) => Promise.resolve(opened.push(url) > 0) });
    try {
      await waitForConnected(withOpener, ['demo-legacy']);
      const outcome = await invoke(withOpener.host, 'tools:call', { serverId: 'demo-legacy', name: 'open_dashboard', arguments: { service: 'db', durationMs: 0 } });
      if (outcome.kind !== 'task') throw new Error('expected a task');
      const view = await withOpener.events.waitFor(() => withOpener.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((pending) => pending.localId === outcome.task.localId), 'the question');
      expect((await invokeError(withOpener.host, 'app:open-external', { url: 'https://evil.example/' })).message).toMatch(/not one a pending question/);
      expect(opened).toEqual([]);
      expect(await invoke(withOpener.host, 'app:open-external', { url: 'https://example.com/dashboard' })).toEqual({});
      expect(opened).toEqual(['https://example.com/dashboard']);
      await invoke(withOpener.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept' } });
      await withOpener.events.waitFor(async () => {
        const task = await invoke(withOpener.host, 'tasks:get', { localId: outcome.task.localId });
        return task !== null && isTaskFinished(task) ? task : undefined;
      }, 'the task to finish');
      expect((await invoke(withOpener.host, 'tasks:result', { localId: outcome.task.localId }))?.['structuredContent']).toEqual({ service: 'db', started: true, action: 'accept' });
    } finally {
      await withOpener.stop();
    }
  });
});

describe('configure_release', () => {
  it('every field kind reaches the renderer; numbers must be numbers and integers whole', async () => {
    const view = await askedBy('demo-extension', 'configure_release');
    if (view.kind !== 'form') throw new Error('expected a form');
    expect(view.form.fields.map((field) => field.kind)).toEqual([
      'text', 'email', 'uri', 'date', 'datetime', 'number', 'integer', 'boolean', 'select', 'select', 'select', 'multiselect', 'multiselect',
    ]);
    const content = { version: '1.2.0', contact: 'rm@example.com', replicas: 3, channel: 'beta', platforms: ['linux'] };
    for (const [what, patch, message] of [
      ['an integer sent as text', { replicas: '3' }, /replicas.*must be a number/],
      ['a fractional integer', { replicas: 2.5 }, /replicas: Enter a whole number/],
      ['an out-of-range number', { rolloutPercent: 101 }, /rolloutPercent/],
    ] as const) {
      const error = await invokeError(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept', content: { ...content, ...patch } } });
      expect(error.message, what).toMatch(message);
    }
    // Multi-select values are sent in option order, as validateForm built them.
    await invoke(test.host, 'inputs:answer', { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept', content: { ...content, platforms: ['windows', 'linux'], rolloutPercent: 12.5 } } });
    expect(await structuredContent(view.localId)).toEqual({ ...content, platforms: ['linux', 'windows'], rolloutPercent: 12.5 });
  });
});

describe('input views (pure)', () => {
  const servers: ServerView[] = [
    { id: 's', name: 'My server', transport: 'http', url: 'http://127.0.0.1/mcp', headerNames: [], approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user', roots: [], notificationsMuted: false, state: { id: 's', name: 'My server', status: 'connected', serverInfo: { name: 'Evil <b>Corp</b>' } } },
  ];
  const pending = (params: Record<string, unknown>, method = 'elicitation/create', receivedAt = 1): PendingInput => ({ localId: 't', serverId: 's', key: `k${receivedAt}`, request: { method, params }, receivedAt });

  it.each([
    { name: 'a held decline says it is one', input: { held: true, heldAction: 'decline' }, view: { held: true, heldAction: 'decline' } },
    { name: 'a held cancel says it is one', input: { held: true, heldAction: 'cancel' }, view: { held: true, heldAction: 'cancel' } },
    { name: 'an open question has none', input: {}, view: { held: false } },
  ] as const)('$name', ({ input, view }) => {
    const shown = toPendingInputView({ ...pending({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } }), ...input }, servers);
    expect({ held: shown.held, ...(shown.heldAction !== undefined ? { heldAction: shown.heldAction } : {}) }).toEqual(view);
  });

  it('a hostile schema becomes a refusal naming its problems, with no form', () => {
    const view = toPendingInputView(pending({ message: 'Give me everything', requestedSchema: { type: 'object', properties: { __proto__x: { type: 'object' }, pw: { type: 'string', pattern: '(a+)+$' } } } }), servers);
    expect(view).toMatchObject({ kind: 'refusal', message: 'Give me everything', server: { name: 'My server', reportedName: 'Evil <b>Corp</b>' } });
    if (view.kind !== 'refusal') throw new Error('expected a refusal');
    expect(view.refusal.problems).toStrictEqual(['Field "__proto__x" has unsupported type "object"; allowed are string, number, integer, boolean and array.']);
    expect(view).not.toHaveProperty('form');
    expect(() => checkAnswer(pending({ requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } }), { action: 'accept', content: {} })).toThrow(/only be declined or cancelled/);
    expect(checkAnswer(pending({ requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } }), { action: 'decline' })).toEqual({ action: 'decline' });
  });

  it('a catastrophic pattern is enforced in linear time: the host refuses a long non-matching answer and sends a matching one', () => {
    const input = pending({ message: 'Code?', requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, required: ['code'] } });
    expect(toPendingInputView(input, servers)).toMatchObject({ kind: 'form', form: { fields: [{ name: 'code', kind: 'text', pattern: '^(a+)+$' }] } });
    // A backtracking engine would take about 2^50 steps on this value.
    expect(() => checkAnswer(input, { action: 'accept', content: { code: `${'a'.repeat(50)}!` } })).toThrow(/^The answer was refused: code: Enter text in the form the server asks for/);
    expect(checkAnswer(input, { action: 'accept', content: { code: 'aaa' } })).toEqual({ action: 'accept', content: { code: 'aaa' } });
  });

  it('unknown requests are described as not supported, and cannot be answered (sampling: test/host/sampling.test.ts)', () => {
    expect(toPendingInputView(pending({}, 'constructor'), [])).toMatchObject({ kind: 'unsupported', server: { name: 's' }, description: 'The server sent a request this app does not know.' });
    expect(() => checkAnswer(pending({}, 'constructor'), { action: 'decline' })).toThrow(/cannot answer/);
  });

  it('URL mode shows the real host and warns about user info, punycode, http, other schemes, hidden characters', () => {
    const urlView = (url: unknown) => {
      const view = toPendingInputView(pending({ mode: 'url', message: 'Sign in', url }), servers);
      if (view.kind !== 'url') throw new Error(`expected a url view, got ${view.kind}`);
      return view.url;
    };
    expect(urlView('https://example.com/a?b=c')).toEqual({ full: 'https://example.com/a?b=c', host: 'example.com', warnings: [], canOpen: true });
    const trick = urlView('https://good.com@evil.com/login');
    expect(trick).toMatchObject({ full: 'https://good.com@evil.com/login', host: 'evil.com', canOpen: false });
    expect(trick.warnings.join(' ')).toMatch(/really goes to evil\.com/);
    const puny = urlView('https://xn--pple-43d.com/');
    expect(puny).toMatchObject({ host: 'xn--pple-43d.com', canOpen: true });
    expect(puny.warnings.join(' ')).toMatch(/punycode/);
    // A Unicode host is shown the way URL parses it: in punycode, flagged.
    expect(urlView('https://аpple.com/')).toMatchObject({ host: 'xn--pple-43d.com', warnings: [expect.stringMatching(/punycode/)] });
    expect(urlView('http://example.com/')).toMatchObject({ canOpen: false, warnings: [expect.stringMatching(/not encrypted/)] });
    expect(urlView('http://127.0.0.1:8080/cb')).toMatchObject({ host: '127.0.0.1', canOpen: true, warnings: [] });
    expect(urlView('javascript:alert(1)')).toMatchObject({ canOpen: false, warnings: [expect.stringMatching(/javascript:/)] });
    expect(urlView('https://exa\u202emple.com')).toMatchObject({ canOpen: false });
    expect(urlView('nota-url')).toMatchObject({ host: '', canOpen: false, warnings: [expect.stringMatching(/not a valid web address/)] });
    expect(urlView(42)).toMatchObject({ full: '', host: '', canOpen: false });
    expect(urlView('https://1.2.3.4/')).toMatchObject({ canOpen: true, warnings: [expect.stringMatching(/IP address/)] });
  });

  it('a URL-mode answer carries no content; accept only for an address the app would open', () => {
    const ok = pending({ mode: 'url', message: 'm', url: 'https://example.com' });
    expect(checkAnswer(ok, { action: 'accept' })).toEqual({ action: 'accept' });
    expect(checkAnswer(ok, { action: 'decline' })).toEqual({ action: 'decline' });
    expect(() => checkAnswer(ok, { action: 'accept', content: {} })).toThrow(/without any content/);
    expect(() => checkAnswer(ok, { action: 'accept', _meta: {} })).toThrow(/refused/);
    const trick = pending({ mode: 'url', message: 'm', url: 'https://good.com@evil.com' });
    expect(() => checkAnswer(trick, { action: 'accept' })).toThrow(/will not open/);
    expect(checkAnswer(trick, { action: 'cancel' })).toEqual({ action: 'cancel' });
  });

  it('roots: none are configured, said plainly; only that empty list can be sent', () => {
    expect(toPendingInputView(pending({}, 'roots/list'), servers)).toMatchObject({ kind: 'roots', roots: [] });
    expect(checkAnswer(pending({}, 'roots/list'), { roots: [] })).toEqual({ roots: [] });
    expect(() => checkAnswer(pending({}, 'roots/list'), { roots: [{ uri: 'file:///' }] })).toThrow(/only with the roots configured/);
    expect(() => checkAnswer(pending({}, 'roots/list'), { action: 'accept' })).toThrow(/only with the roots configured/);
  });

  it('sorts oldest first', () => {
    const views = toPendingInputViews([pending({}, 'roots/list', 3), pending({}, 'roots/list', 1), pending({}, 'roots/list', 2)], []);
    expect(views.map((view) => view.receivedAt)).toEqual([1, 2, 3]);
  });
});
