// @vitest-environment jsdom
/**
 * Sampling questions in the needs-input queue, against the fake bridge: the conversation, system
 * prompt and parameters as text (media as facts, hostile strings inert), a labelled reply box,
 * Send reply sending only `{action: 'accept', reply}` once, Decline saying before the click what it
 * does on this path, and host refusals shown with the buttons unlocked again.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInputView } from '../../../../shared/ipc/contract';
import type { SamplingModel } from '../../../../shared/sampling/sampling-request';
import type { DeclineEffect } from '../../../../shared/task-model';
import { createFakeBridge, fail, ok, type FakeBridge } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const HOSTILE = '<img src=x onerror="window.pwned=1"><b>bold</b> \u202Eevil';

const REQUEST: SamplingModel = {
  kind: 'request',
  request: {
    systemPrompt: [{ kind: 'text', text: 'You are a release assistant.' }],
    messages: [
      { role: 'user', parts: [{ kind: 'text', text: 'Summarize these changes:\n- fix login\n- faster sync' }, { kind: 'note', text: 'image, "image/png", 12 KB (not shown)' }] },
      { role: 'assistant', parts: [{ kind: 'text', text: HOSTILE }] },
    ],
    parameters: {
      maxTokens: 400,
      temperature: 0.2,
      stopSequences: ['\n\nEND'],
      includeContext: 'thisServer',
      modelHints: ['claude-3-sonnet'],
      priorities: { cost: 0.3, intelligence: 0.8 },
      tools: ['search'],
      toolChoice: 'auto',
    },
    notes: ['The 3 earliest messages are not shown: this app shows the newest 50.'],
  },
};

function samplingInput(declineEffect: DeclineEffect = 'refuse', sampling: SamplingModel = REQUEST): PendingInputView {
  return makeInputView({ kind: 'sampling', key: 'summary', method: 'sampling/createMessage', sampling, declineEffect });
}

async function openPanel(bridge: FakeBridge): Promise<HTMLElement> {
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  return screen.findByTestId('input-sampling');
}

describe('a sampling question', () => {
  it('shows the conversation, system prompt, notes and parameters as text; media only as facts', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([samplingInput()]) });
    const panel = await openPanel(bridge);
    expect(within(screen.getByTestId('input-card')).getByTestId('input-server-name').textContent).toContain('Alpha');
    expect(within(panel).getByTestId('input-sampling-system').textContent).toContain('You are a release assistant.');
    const conversation = within(panel).getByRole('list', { name: 'Conversation' });
    const messages = within(conversation).getAllByRole('listitem');
    expect(messages.map((message) => message.querySelector('.sampling__role')?.textContent)).toEqual(['User', 'Assistant (model)']);
    expect(messages[0]?.textContent).toContain('Summarize these changes:\n- fix login\n- faster sync');
    expect(messages[0]?.textContent).toContain('image, "image/png", 12 KB (not shown)');
    expect(panel.querySelector('img, audio, video, a')).toBeNull();
    expect(within(panel).getByTestId('input-sampling-notes').textContent).toContain('3 earliest messages');
    const parameters = within(panel).getByTestId('input-sampling-parameters').textContent ?? '';
    for (const fact of ['400 tokens', 'Temperature0.2', '[U+000A][U+000A]END', "This server's context", 'claude-3-sonnet', 'cost 0.3, intelligence 0.8', 'search', 'Tool choiceauto']) {
      expect(parameters).toContain(fact);
    }
    bridge.assertNoViolations();
  });

  it('hostile text stays text: no elements from it, bidi overrides shown as markers', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([samplingInput()]) });
    const panel = await openPanel(bridge);
    const conversation = within(panel).getByTestId('input-sampling-conversation');
    expect(conversation.querySelector('img, b')).toBeNull();
    expect(conversation.textContent).toContain('<img src=x onerror="window.pwned=1"><b>bold</b>');
    expect(conversation.textContent).toContain('[U+202E]evil');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('Send reply needs text; then it sends only the reply, once, and the buttons lock', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([samplingInput()]), 'inputs:answer': () => new Promise(() => undefined) });
    const panel = await openPanel(bridge);
    const reply = within(panel).getByLabelText("Your reply (sent to the server as the model's answer)");
    fireEvent.click(within(panel).getByRole('button', { name: 'Send reply' }));
    expect(within(panel).getByTestId('input-sampling-reply-error').textContent).toMatch(/Write a reply first/);
    expect(reply.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reply);
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);

    fireEvent.change(reply, { target: { value: 'Two fixes: login and sync.\n' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send reply' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'summary', response: { action: 'accept', reply: 'Two fixes: login and sync.\n' } }]));
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Send reply' }).disabled).toBe(true);
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Decline' }).disabled).toBe(true);
    expect(within(panel).getByTestId<HTMLTextAreaElement>('input-sampling-reply').disabled).toBe(true);
  });

  it('a host refusal is shown and the buttons unlock so the reply can be sent again', async () => {
    let calls = 0;
    const bridge = createFakeBridge({
      'inputs:list': () => ok([samplingInput()]),
      'inputs:answer': () => (++calls === 1 ? fail('The answer was refused: the reply is too long.') : ok({})),
    });
    const panel = await openPanel(bridge);
    fireEvent.change(within(panel).getByTestId('input-sampling-reply'), { target: { value: 'x' } });
    fireEvent.click(within(panel).getByTestId('input-sampling-send'));
    expect((await within(panel).findByTestId('input-error')).textContent).toContain('the reply is too long');
    await waitFor(() => expect(within(panel).getByTestId<HTMLButtonElement>('input-sampling-send').disabled).toBe(false));
    fireEvent.click(within(panel).getByTestId('input-sampling-send'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toHaveLength(2));
  });

  it.each<[DeclineEffect, RegExp]>([
    ['refuse', /tells the server you refused/],
    ['cancel-task', /Declining stops the task: this server's protocol has no way to refuse a sampling request/],
    ['abandon-call', /abandons the tool call: it is not sent again/],
  ])('Decline (%s) says what it does before the click, as its description, and sends a bare decline', async (effect, says) => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([samplingInput(effect)]), 'inputs:answer': () => ok({}) });
    const panel = await openPanel(bridge);
    const decline = within(panel).getByRole('button', { name: 'Decline' });
    expect(decline.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(decline.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(says);
    fireEvent.click(decline);
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'summary', response: { action: 'decline' } }]));
  });

  it('a malformed request: its problems, no conversation and no reply box, only Decline', async () => {
    const refusal: SamplingModel = { kind: 'refusal', problems: ['Message 1 has the role "system"; only "user" and "assistant" are allowed.', HOSTILE] };
    const bridge = createFakeBridge({ 'inputs:list': () => ok([samplingInput('cancel-task', refusal)]), 'inputs:answer': () => ok({}) });
    const panel = await openPanel(bridge);
    const notice = within(panel).getByTestId('input-sampling-refusal');
    expect(notice.textContent).toContain('role "system"');
    expect(notice.querySelector('img, b')).toBeNull();
    expect(within(panel).queryByTestId('input-sampling-reply')).toBeNull();
    expect(within(panel).queryByTestId('input-sampling-send')).toBeNull();
    expect(within(panel).getByTestId('input-decline-effect').textContent).toMatch(/stops the task/);
    fireEvent.click(within(panel).getByTestId('input-decline'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'summary', response: { action: 'decline' } }]));
  });
});
