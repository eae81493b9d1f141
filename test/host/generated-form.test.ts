/**
 * Issue 8 end to end: a real server (test/fixtures/zod-form-server.ts, both task forms) asks
 * inside a task with a zod-written form — `$schema`, `additionalProperties: false`, a `pattern`,
 * and a `format: "uri"` field defaulting to `javascript:alert(1)` — through the engine and a real
 * host. The form is offered (not refused), the bad default is dropped with a note, an answer
 * failing the pattern is refused by the host, and a valid one reaches the server, which accepts it.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PendingInputView } from '../../shared/ipc/contract.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { SITE_FORM, SITE_MESSAGE, TOOL, type SiteReport } from '../fixtures/zod-form-server.js';
import { hostsPerTest, invoke, invokeError, waitForConnected, type TestHost } from './host-harness.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/zod-form-server.ts', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_ID = 'zod-form';
const SENT = z.toJSONSchema(SITE_FORM);
const EMAIL_PATTERN = (SENT.properties?.['owner'] as { pattern?: string }).pattern;
const VALID = { code: 'ABC-12', homepage: 'https://example.org', owner: 'ops@example.org' };
const CODE_REFUSED = /^The answer was refused: code: Enter text in the form the server asks for \(pattern "\^\[A-Z\]\{3\}-\\d\{2\}\$"\)\.$/;

const hosts = hostsPerTest();

type Form = 'extension' | 'legacy';

async function hostWithFixture(form: Form): Promise<TestHost> {
  const test = await hosts.host({
    defaultServers: [{
      id: SERVER_ID,
      name: 'Zod form server',
      transport: 'stdio',
      command: process.execPath,
      args: ['--import', 'tsx', FIXTURE, '--form', form],
      cwd: PROJECT_ROOT,
    }],
  });
  await waitForConnected(test, [SERVER_ID]);
  return test;
}

async function askedFor(test: TestHost): Promise<Extract<PendingInputView, { kind: 'form' }>> {
  const outcome = await invoke(test.host, 'tools:call', { serverId: SERVER_ID, name: TOOL, arguments: {} });
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  const view = await test.events.waitFor(
    () => test.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((pending) => pending.localId === outcome.task.localId),
    'the site question',
  );
  if (view.kind !== 'form') throw new Error(`expected a form, got ${view.kind}: ${JSON.stringify(view)}`);
  return view;
}

async function reportOf(test: TestHost, taskId: string): Promise<SiteReport> {
  await test.events.waitFor(async () => {
    const task = await invoke(test.host, 'tasks:get', { localId: taskId });
    return task !== null && isTaskFinished(task) ? task : undefined;
  }, 'the task to finish');
  const result = await invoke(test.host, 'tasks:result', { localId: taskId });
  return result?.['structuredContent'] as SiteReport;
}

function answer(view: PendingInputView, content: Record<string, unknown>) {
  return { localId: view.localId, serverId: view.serverId, key: view.key, response: { action: 'accept', content } } as const;
}

describe.each<Form>(['extension', 'legacy'])('a zod-written form inside a task (%s)', (form) => {
  it('is offered, without the javascript: default, with a note; a valid answer reaches the server', async () => {
    expect(SENT).toMatchObject({ $schema: expect.any(String), additionalProperties: false });
    const test = await hostWithFixture(form);
    const view = await askedFor(test);
    expect(view).toMatchObject({ serverId: SERVER_ID, kind: 'form', message: SITE_MESSAGE });
    // A subset match: each field also carries its server's pattern (checked below).
    expect(view.form.fields).toMatchObject([
      { name: 'code', label: 'Site code', description: 'Three capitals, a dash, two digits.', required: true, kind: 'text' },
      { name: 'homepage', label: 'Homepage', required: true, kind: 'uri' },
      { name: 'owner', label: 'Owner', required: true, kind: 'email' },
    ]);
    // No `initial`: one click on Accept can no longer send javascript:alert(1).
    expect(view.form.fields.map((field) => Object.hasOwn(field, 'initial'))).toStrictEqual([false, false, false]);
    expect(view.form.notes).toStrictEqual(['Field "homepage": the server\'s default address was ignored because it is not a web address (http or https).']);
    expect(view.form.ignored).toStrictEqual([]);

    await invoke(test.host, 'inputs:answer', answer(view, VALID));
    expect(await reportOf(test, view.localId!)).toStrictEqual({ action: 'accept', content: VALID, zodAccepts: true });
  });
});

describe('the pattern, enforced by the host (the request reaches the host as the server sent it)', () => {
  it('the fields carry the server\'s patterns; answers failing them are refused and the question stays', async () => {
    const test = await hostWithFixture('extension');
    const view = await askedFor(test);
    expect(view.form.fields.map((field) => [field.name, (field as { pattern?: string }).pattern])).toStrictEqual([
      ['code', '^[A-Z]{3}-\\d{2}$'],
      ['homepage', undefined],
      ['owner', EMAIL_PATTERN],
    ]);
    expect((await invokeError(test.host, 'inputs:answer', answer(view, { ...VALID, code: 'abc-1' }))).message).toMatch(CODE_REFUSED);
    // Passes the app's own e-mail check, fails zod's e-mail pattern (the top-level domain ends in "-").
    expect((await invokeError(test.host, 'inputs:answer', answer(view, { ...VALID, owner: 'ops@example.org-' }))).message).toMatch(/^The answer was refused: owner: Enter text in the form the server asks for/);
    expect((await invoke(test.host, 'inputs:list', {})).some((input) => input.localId === view.localId)).toBe(true);

    await invoke(test.host, 'inputs:answer', answer(view, VALID));
    expect(await reportOf(test, view.localId!)).toStrictEqual({ action: 'accept', content: VALID, zodAccepts: true });
  });

  // The 2025-11-25 request reaches the host as the server sent it too: the engine takes server
  // requests off the wire before the SDK client, which would strip `pattern` and refuse unknown formats.
  it('legacy: the host refuses an answer failing the pattern', async () => {
    const test = await hostWithFixture('legacy');
    const view = await askedFor(test);
    expect((await invokeError(test.host, 'inputs:answer', answer(view, { ...VALID, code: 'abc-1' }))).message).toMatch(CODE_REFUSED);
  });
});
