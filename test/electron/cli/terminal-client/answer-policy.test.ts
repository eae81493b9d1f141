/**
 * What each `--answer` policy sends for each kind of question, decided on the host's own check of
 * the question: nothing is ever accepted that the app's form check would not let a person send.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PendingInput } from '../../../../shared/task-model.js';
import { checkInput } from '../../../../electron/host/input-views.js';
import { decide, readAnswerPolicy, type AnswerPolicy } from '../../../../electron/cli/terminal-client/answer-policy.js';
import { UsageError } from '../../../../electron/cli/terminal-client/cli-errors.js';

const pending = (method: string, params: Record<string, unknown>): PendingInput => ({ localId: 't', serverId: 's', key: 'k', request: { method, params }, receivedAt: 1 });
const form = (requestedSchema: unknown): PendingInput => pending('elicitation/create', { message: 'Deploy?', requestedSchema });

/** The SEP-1034 form of the conformance suite: defaults for every field. */
const ALL_DEFAULTS = form({
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
});
/** A required yes/no without a default, like the demo `deploy` form. */
const REQUIRED_NO_DEFAULT = form({ type: 'object', properties: { confirm: { type: 'boolean' }, env: { type: 'string', enum: ['staging', 'production'], default: 'staging' } }, required: ['confirm'] });
/** A form the app refuses (nested object). */
const REFUSED = form({ type: 'object', properties: { address: { type: 'object', properties: {} } } });
/** A default that does not fit its field (the check drops it). */
const BAD_DEFAULT = form({ type: 'object', properties: { count: { type: 'integer', minimum: 1, default: 0 } }, required: ['count'] });
const URL_REQUEST = pending('elicitation/create', { mode: 'url', message: 'Sign in', url: 'https://example.com/login' });
const SAMPLING = pending('sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 });
const ROOTS = pending('roots/list', {});

const file = (values: Record<string, unknown>): AnswerPolicy => ({ kind: 'file', file: 'answers.json', values });

describe('decide', () => {
  it('accepts a form with its defaults, typed as the schema says', () => {
    expect(decide({ kind: 'defaults' }, checkInput(ALL_DEFAULTS))).toEqual({
      kind: 'answer',
      said: 'accepted',
      response: { action: 'accept', content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true } },
    });
  });

  it('cancels, saying why, when the defaults do not fill a required field (never a made-up value)', () => {
    expect(decide({ kind: 'defaults' }, checkInput(REQUIRED_NO_DEFAULT))).toMatchObject({ kind: 'answer', said: 'cancelled', response: { action: 'cancel' }, why: expect.stringContaining('confirm') });
    expect(decide({ kind: 'defaults' }, checkInput(BAD_DEFAULT))).toMatchObject({ response: { action: 'cancel' } });
  });

  it('accepts a form with the file\'s values over the defaults, declared fields only', () => {
    expect(decide(file({ confirm: true, stray: 'x', __proto__: { polluted: true } }), checkInput(REQUIRED_NO_DEFAULT))).toEqual({
      kind: 'answer',
      said: 'accepted',
      response: { action: 'accept', content: { confirm: true, env: 'staging' } },
    });
    expect(decide(file({ confirm: 'yes' }), checkInput(REQUIRED_NO_DEFAULT))).toMatchObject({ response: { action: 'cancel' } });
  });

  it('never accepts a form the app refuses, whatever the policy', () => {
    for (const policy of [{ kind: 'defaults' }, file({ address: {} })] as const) {
      expect(decide(policy, checkInput(REFUSED))).toMatchObject({ response: { action: 'cancel' }, why: expect.stringContaining('refuses') });
    }
    expect(decide({ kind: 'decline' }, checkInput(REFUSED))).toMatchObject({ response: { action: 'decline' } });
  });

  it('declines or cancels as told, and cancels when nobody can be asked', () => {
    expect(decide({ kind: 'decline' }, checkInput(ALL_DEFAULTS))).toEqual({ kind: 'answer', said: 'declined', response: { action: 'decline' } });
    expect(decide({ kind: 'cancel' }, checkInput(ALL_DEFAULTS))).toEqual({ kind: 'answer', said: 'cancelled', response: { action: 'cancel' } });
    expect(decide({ kind: 'nobody' }, checkInput(ALL_DEFAULTS))).toMatchObject({ said: 'cancelled', response: { action: 'cancel' }, why: expect.stringContaining('no terminal') });
  });

  it('never consents to a web page or writes a model reply', () => {
    expect(decide({ kind: 'defaults' }, checkInput(URL_REQUEST))).toMatchObject({ response: { action: 'cancel' } });
    expect(decide(file({}), checkInput(URL_REQUEST))).toMatchObject({ response: { action: 'cancel' } });
    expect(decide({ kind: 'decline' }, checkInput(URL_REQUEST))).toMatchObject({ response: { action: 'decline' } });
    for (const policy of [{ kind: 'defaults' }, { kind: 'cancel' }, { kind: 'nobody' }] as const) expect(decide(policy, checkInput(SAMPLING))).toMatchObject({ kind: 'decline' });
  });

  it('shares no folders under defaults and declines roots under decline', () => {
    expect(decide({ kind: 'defaults' }, checkInput(ROOTS))).toEqual({ kind: 'answer', said: 'shared-roots', response: { roots: [] } });
    expect(decide({ kind: 'decline' }, checkInput(ROOTS))).toEqual({ kind: 'decline' });
  });

  it('leaves everything to the person under ask', () => {
    expect(decide({ kind: 'ask' }, checkInput(ALL_DEFAULTS))).toEqual({ kind: 'ask' });
  });
});

describe('readAnswerPolicy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mtm-answers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('asks on a terminal and nobody elsewhere when no policy is given', async () => {
    expect(await readAnswerPolicy(undefined, true)).toEqual({ kind: 'ask' });
    expect(await readAnswerPolicy(undefined, false)).toEqual({ kind: 'nobody' });
    expect(await readAnswerPolicy('defaults', false)).toEqual({ kind: 'defaults' });
  });

  it('reads an answers file', async () => {
    const path = write('ok.json', '{"confirm": true}');
    expect(await readAnswerPolicy(`@${path}`, false)).toEqual({ kind: 'file', file: path, values: { confirm: true } });
  });

  it.each<[string, () => string, RegExp]>([
    ['an unknown word', () => 'yes', /say decline, cancel, defaults, ask or @<file>/],
    ['a missing file', () => `@${join(dir, 'missing.json')}`, /ENOENT/],
    ['a file that is not JSON', () => `@${write('bad.json', '{')}`, /not valid JSON/],
    ['a file that is not an object', () => `@${write('list.json', '[1]')}`, /one JSON object/],
  ])('refuses %s', async (_case, text, message) => {
    const attempt = readAnswerPolicy(text(), false);
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(readAnswerPolicy(text(), false)).rejects.toThrow(message);
  });
});
