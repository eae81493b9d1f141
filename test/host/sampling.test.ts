/**
 * Sampling requests as the host shows and answers them (pure): the view carries the checked
 * conversation and what Decline does on the request's path; the renderer sends only a reply text
 * or a decline, and the host builds the `CreateMessageResult` itself (docs/security.md#answers).
 */
import { describe, expect, it } from 'vitest';
import { PendingInputViewSchema, type ServerView } from '../../shared/ipc/contract.js';
import type { DeclineEffect, PendingInput } from '../../shared/task-model.js';
import { HUMAN_MODEL_NAME } from '../../shared/sampling/sampling-result.js';
import { checkAnswer, isSamplingDecline, toPendingInputView } from '../../electron/host/input-views.js';

const servers: ServerView[] = [
  { id: 's', name: 'My server', transport: 'http', url: 'http://127.0.0.1/mcp', headerNames: [], approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user', roots: [], notificationsMuted: false, state: { id: 's', name: 'My server', status: 'connected', serverInfo: { name: 'Evil <b>Corp</b>' } } },
];
const PARAMS = { messages: [{ role: 'user', content: { type: 'text', text: 'Summarize <b>this</b>' } }], systemPrompt: 'Be brief.', maxTokens: 100, temperature: 0.5 };

function sampling(params: Record<string, unknown> = PARAMS, declineEffect?: DeclineEffect): PendingInput {
  return { localId: 't', serverId: 's', key: 'k', request: { method: 'sampling/createMessage', params }, receivedAt: 1, ...(declineEffect !== undefined ? { declineEffect } : {}) };
}

describe('the sampling view', () => {
  it('carries the checked conversation, system prompt and parameters, naming the server; never the raw params', () => {
    const view = toPendingInputView(sampling(PARAMS, 'cancel-task'), servers);
    expect(PendingInputViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      kind: 'sampling',
      method: 'sampling/createMessage',
      server: { name: 'My server', reportedName: 'Evil <b>Corp</b>' },
      declineEffect: 'cancel-task',
      sampling: {
        kind: 'request',
        request: {
          messages: [{ role: 'user', parts: [{ kind: 'text', text: 'Summarize <b>this</b>' }] }],
          systemPrompt: [{ kind: 'text', text: 'Be brief.' }],
          parameters: { maxTokens: 100, temperature: 0.5 },
        },
      },
    });
    expect(view).not.toHaveProperty('request');
    expect(view).not.toHaveProperty('params');
  });

  it.each<[DeclineEffect]>([['refuse'], ['cancel-task'], ['abandon-call']])('tells the renderer what Decline does: %s', (effect) => {
    expect(toPendingInputView(sampling(PARAMS, effect), servers)).toMatchObject({ declineEffect: effect });
  });

  it('malformed params become a refusal inside the view, listing the problems', () => {
    const view = toPendingInputView(sampling({ messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] }, 'refuse'), servers);
    expect(PendingInputViewSchema.parse(view)).toEqual(view);
    if (view.kind !== 'sampling' || view.sampling.kind !== 'refusal') throw new Error('expected a sampling refusal');
    expect(view.sampling.problems.join(' ')).toMatch(/"system".*maxTokens/s);
  });
});

describe('sampling answers', () => {
  it('a reply becomes the CreateMessageResult the host builds, saying a person answered', () => {
    expect(checkAnswer(sampling(), { action: 'accept', reply: 'All good.' })).toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: 'All good.' },
      model: HUMAN_MODEL_NAME,
      stopReason: 'endTurn',
    });
  });

  const refused: [string, Record<string, unknown>, RegExp][] = [
    ['an empty reply', { action: 'accept', reply: '   ' }, /Write a reply first/],
    ['a reply over the limit', { action: 'accept', reply: 'x'.repeat(50_001) }, /too long/],
    ['a wire result made by the renderer', { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'gpt-4' }, /reply text, or declined/],
    ['a reply with a model name', { action: 'accept', reply: 'x', model: 'gpt-4' }, /reply text, or declined/],
    ['a reply that is not text', { action: 'accept', reply: 42 }, /reply text, or declined/],
    ['an elicitation answer', { action: 'accept', content: {} }, /reply text, or declined/],
    ['a cancel', { action: 'cancel' }, /reply text, or declined/],
    ['a decline with a reply', { action: 'decline', reply: 'x' }, /reply text, or declined/],
  ];
  it.each(refused)('refuses %s', (_what, response, message) => {
    expect(() => checkAnswer(sampling(), response)).toThrow(message);
    expect(isSamplingDecline(sampling(), response)).toBe(false);
  });

  it('a request that was refused can only be declined', () => {
    const malformed = sampling({ messages: [] });
    expect(() => checkAnswer(malformed, { action: 'accept', reply: 'x' })).toThrow(/can only be declined/);
    expect(isSamplingDecline(malformed, { action: 'decline' })).toBe(true);
  });

  it('a decline is not an answer: the host hands it to the engine', () => {
    expect(isSamplingDecline(sampling(), { action: 'decline' })).toBe(true);
    expect(() => checkAnswer(sampling(), { action: 'decline' })).toThrow(/declines it through the engine/);
    // Only sampling declines go that way: an elicitation's decline is an ordinary answer.
    const elicitation: PendingInput = { ...sampling(), request: { method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: {} } } } };
    expect(isSamplingDecline(elicitation, { action: 'decline' })).toBe(false);
  });
});
