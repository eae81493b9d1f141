// @vitest-environment jsdom
/**
 * The needs-input queue and the form against the fake bridge: every field kind renders, validation
 * speaks as the user types, only a click sends, buttons lock, Decline/Cancel carry no content, a
 * refused schema shows its notice with Decline/Cancel only, and server strings stay text.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormModel } from '../../../../shared/elicitation/form-model';
import type { InvokeRequest, IpcResult } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type FakeBridge } from '../../fake-bridge';
import { NOW, makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

/** One field of every kind, with defaults on some. */
const EVERY_KIND: FormModel = {
  fields: [
    { name: 'version', label: 'Version', description: 'Semantic version.', required: true, kind: 'text', minLength: 5, maxLength: 20, initial: '1.0.0' },
    { name: 'contact', label: 'Contact', required: true, kind: 'email' },
    { name: 'changelog', label: 'Changelog', required: false, kind: 'uri' },
    { name: 'day', label: 'Day', required: false, kind: 'date' },
    { name: 'freeze', label: 'Freeze', required: false, kind: 'datetime' },
    { name: 'rollout', label: 'Rollout', required: false, kind: 'number', minimum: 0, maximum: 100, initial: 10 },
    { name: 'replicas', label: 'Replicas', required: true, kind: 'integer', minimum: 1, maximum: 20, initial: 3 },
    { name: 'notify', label: 'Notify', required: false, kind: 'boolean', initial: true },
    { name: 'channel', label: 'Channel', required: true, kind: 'select', options: [{ value: 'stable', label: 'Stable' }, { value: 'beta', label: 'Beta' }], initial: 'beta' },
    { name: 'platforms', label: 'Platforms', required: true, kind: 'multiselect', options: [{ value: 'linux', label: 'Linux' }, { value: 'macos', label: 'macOS' }], minItems: 1, initial: ['linux'] },
  ],
  notes: ['The default of "x" was dropped: it does not fit the field.'],
  ignored: [],
};

/** A bridge whose `inputs:answer` is answered by `answer` (default: taken). */
function bridgeWith(inputs = [makeInputView()], answer: (request: InvokeRequest<'inputs:answer'>) => IpcResult<Record<string, never>> | Promise<IpcResult<Record<string, never>>> = () => ok({})): FakeBridge {
  return createFakeBridge({ 'inputs:list': () => ok(inputs), 'inputs:answer': answer });
}

async function openQueue(bridge: FakeBridge) {
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  const [first] = await screen.findAllByTestId('input-form');
  return first!;
}

describe('the needs-input queue', () => {
  it('lists one card per task oldest first, names the server, reminds what to share, and shows every question\'s form in place', async () => {
    const bridge = bridgeWith([
      makeInputView({ localId: 'new', key: 'b', receivedAt: NOW + 10, server: { name: 'Second' }, message: 'Second question?' }),
      makeInputView({ localId: 'old', key: 'a', receivedAt: NOW, server: { name: 'My deploys', reportedName: 'deploy-bot' } }),
    ]);
    await openQueue(bridge);
    await waitFor(() => expect(screen.getByTestId('nav-input-count').textContent).toBe('2 questions wait'));
    const cards = screen.getAllByTestId('input-card');
    expect(cards.map((card) => card.dataset.taskId)).toEqual(['old', 'new']);
    expect(within(cards[0]!).getByTestId('input-server-name').textContent).toBe('My deploys (calls itself “deploy-bot”)');
    expect(cards[0]!.textContent).toContain('Share only what you would trust this server with.');
    const items = screen.getAllByTestId('input-item');
    expect(items.map((item) => [item.dataset.taskId, item.dataset.key])).toEqual([['old', 'a'], ['new', 'b']]);
    // No question hides behind an "Answer" button: each shows its text and form without a click.
    for (const item of items) expect(within(item).getByTestId('input-form')).toBeTruthy();
    expect(within(items[1]!).getByTestId('input-message').textContent).toBe('Second question?');
    expect(screen.queryByTestId('input-open')).toBeNull();
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
  });

  it('one task\'s two questions are one card holding both', async () => {
    await openQueue(bridgeWith([
      makeInputView({ key: 'release_window', message: 'Which window?' }),
      makeInputView({ key: 'release_approver', receivedAt: NOW + 1, message: 'Who approves?' }),
      makeInputView({ localId: 'other', key: 'x', receivedAt: NOW + 2 }),
    ]));
    const cards = screen.getAllByTestId('input-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getAllByTestId('input-item').map((item) => item.dataset.key)).toEqual(['release_window', 'release_approver']);
    expect(within(cards[0]!).getAllByTestId('input-message').map((message) => message.textContent)).toEqual(['Which window?', 'Who approves?']);
    expect(within(cards[0]!).getAllByTestId('input-server-name')).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('is asking 2 questions');
  });

  it('a long question is folded to its first lines with "Show all"', async () => {
    const long = Array.from({ length: 30 }, (_, index) => `Step ${index + 1}`).join('\n');
    await openQueue(bridgeWith([makeInputView({ message: long })]));
    const message = screen.getByTestId('input-message');
    expect(message.textContent).not.toContain('Step 7');
    fireEvent.click(within(message).getByTestId('folded-text-toggle'));
    expect(message.textContent).toContain('Step 30');
  });

  it('a queued question shows its place in line instead of a form, and offers no Answer button', async () => {
    const bridge = bridgeWith([
      makeInputView({ localId: 'open', key: 'a', receivedAt: NOW }),
      makeInputView({ localId: 'queued', key: 'b', receivedAt: NOW + 1, queuePlace: 2 }),
    ]);
    await openQueue(bridge);
    const queued = screen.getAllByTestId('input-item').find((item) => item.dataset.taskId === 'queued')!;
    expect(within(queued).getByTestId('input-queued').textContent).toBe(
      'Queued (2 in line): this server already has 3 questions open. This one opens when you answer one of them.',
    );
    expect(within(queued).queryByTestId('input-form')).toBeNull();
    expect(within(queued).queryByTestId('input-open')).toBeNull();
    // What it asks shows all the same; and it does not count as waiting on the user.
    expect(within(queued).getByTestId('input-question').textContent).toBe('Deploy service "web"?');
    await waitFor(() => expect(screen.getByTestId('nav-input-count').textContent).toBe('1 question waits'));
  });

  it('says so when nothing waits', async () => {
    renderApp({ bridge: bridgeWith([]), state: { screen: 'inputs' } });
    await screen.findByTestId('inputs-empty');
    expect(screen.queryByTestId('nav-input-count')).toBeNull();
  });
});

describe('the form', () => {
  it('renders every field kind with labels, descriptions, required markers and defaults', async () => {
    const form = await openQueue(bridgeWith([makeInputView({ form: EVERY_KIND })]));
    const field = (name: string) => within(form).getByTestId(`input-field-${name}`);
    expect((field('version') as HTMLInputElement).value).toBe('1.0.0');
    expect(form.textContent).toContain('Semantic version.');
    expect((field('contact') as HTMLInputElement).type).toBe('email');
    expect((field('changelog') as HTMLInputElement).type).toBe('url');
    expect((field('day') as HTMLInputElement).type).toBe('date');
    expect((field('freeze') as HTMLInputElement).type).toBe('text');
    expect((field('rollout') as HTMLInputElement).value).toBe('10');
    expect((field('replicas') as HTMLInputElement).value).toBe('3');
    expect(within(field('notify')).getByLabelText<HTMLInputElement>('Yes').checked).toBe(true);
    expect((field('channel') as HTMLSelectElement).value).toBe('beta');
    expect(within(field('channel')).getByText('Stable')).toBeTruthy();
    expect(within(field('platforms')).getByLabelText<HTMLInputElement>('Linux').checked).toBe(true);
    expect(within(field('platforms')).getByLabelText<HTMLInputElement>('macOS').checked).toBe(false);
    expect(within(form).getAllByText('(required)')).toHaveLength(5);
    expect(within(form).getByTestId('input-notes').textContent).toContain('was dropped');
  });

  it('validates as the user types, refuses to send an invalid form, then sends the content validateForm built', async () => {
    const bridge = bridgeWith([makeInputView({ form: EVERY_KIND })]);
    const form = await openQueue(bridge);
    const field = (name: string) => within(form).getByTestId(`input-field-${name}`);
    fireEvent.change(field('replicas'), { target: { value: '2.5' } });
    expect(within(form).getByTestId('input-field-error-replicas').textContent).toBe('Enter a whole number between 1 and 20.');
    fireEvent.change(field('contact'), { target: { value: 'not-an-address' } });
    expect(within(form).getByTestId('input-field-error-contact').textContent).toMatch(/e-mail address/);
    fireEvent.click(within(form).getByTestId('input-accept'));
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);

    fireEvent.change(field('replicas'), { target: { value: '4' } });
    fireEvent.change(field('contact'), { target: { value: 'rm@example.com' } });
    fireEvent.change(field('rollout'), { target: { value: '12.5' } });
    fireEvent.click(within(field('notify')).getByLabelText('No'));
    fireEvent.click(within(field('platforms')).getByLabelText('macOS'));
    expect(within(form).queryByTestId('input-field-error-replicas')).toBeNull();
    fireEvent.click(within(form).getByTestId('input-accept'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toHaveLength(1));
    expect(bridge.requestsTo('inputs:answer')[0]).toEqual({
      localId: 'task-1',
      serverId: 'server-a',
      key: 'confirm_deploy',
      response: { action: 'accept', content: { version: '1.0.0', contact: 'rm@example.com', rollout: 12.5, replicas: 4, notify: false, channel: 'beta', platforms: ['linux', 'macos'] } },
    });
    bridge.assertNoViolations();
  });

  it('a required yes/no is never assumed; Enter does not submit', async () => {
    const bridge = bridgeWith();
    const form = await openQueue(bridge);
    fireEvent.submit(form);
    fireEvent.click(within(form).getByTestId('input-accept'));
    expect(within(form).getByTestId('input-field-error-confirm').textContent).toBe('Choose yes or no.');
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
  });

  it.each([
    ['input-decline', 'decline'],
    ['input-cancel', 'cancel'],
  ] as const)('%s sends %s without content and locks every button', async (button, action) => {
    let release: (value: IpcResult<Record<string, never>>) => void = () => undefined;
    const bridge = bridgeWith([makeInputView()], () => new Promise((resolve) => (release = resolve)));
    const form = await openQueue(bridge);
    fireEvent.change(within(form).getByTestId('input-field-note'), { target: { value: 'typed but not sent' } });
    fireEvent.click(within(form).getByTestId(button));
    fireEvent.click(within(form).getByTestId(button));
    fireEvent.click(within(form).getByTestId('input-accept'));
    await waitFor(() => expect(within(form).getByTestId<HTMLButtonElement>('input-accept').disabled).toBe(true));
    for (const id of ['input-accept', 'input-decline', 'input-cancel']) expect(within(form).getByTestId<HTMLButtonElement>(id).disabled).toBe(true);
    expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'confirm_deploy', response: { action } }]);
    release(ok({}));
    await waitFor(() => expect(screen.queryByTestId('input-item')).toBeNull());
  });

  it('shows the host\'s refusal and unlocks so the answer can be corrected', async () => {
    const bridge = bridgeWith([makeInputView()], () => fail('The answer was refused: confirm: Choose yes or no.'));
    const form = await openQueue(bridge);
    fireEvent.click(within(within(form).getByTestId('input-field-confirm')).getByLabelText('Yes'));
    fireEvent.click(within(form).getByTestId('input-accept'));
    expect((await within(form).findByTestId('input-error')).textContent).toContain('The answer was refused');
    expect(within(form).getByTestId<HTMLButtonElement>('input-accept').disabled).toBe(false);
    expect(bridge.requestsTo('inputs:answer')[0]?.response).toEqual({ action: 'accept', content: { confirm: true, environment: 'staging' } });
  });

  it('a refused schema shows the notice naming the server, with Decline and Cancel only', async () => {
    const bridge = bridgeWith([makeInputView({ kind: 'refusal', server: { name: 'Shady' }, refusal: { problems: ['Field "f" refers to schema text elsewhere ("$ref"), which this app does not follow.'] } } as never)]);
    const form = await openQueue(bridge);
    const notice = within(form).getByTestId('input-refusal');
    expect(within(notice).getByTestId('input-server-name').textContent).toBe('Shady');
    expect(notice.textContent).toContain('"$ref"');
    expect(within(form).queryByTestId('input-accept')).toBeNull();
    expect(within(form).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(form).getByTestId('input-decline'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'confirm_deploy', response: { action: 'decline' } }]));
  });

  it('renders server strings as text only', async () => {
    const hostile = '<img src=x onerror="alert(1)"><a href="https://evil.example">click</a>\u202E';
    await openQueue(bridgeWith([makeInputView({
      message: hostile,
      server: { name: hostile, reportedName: hostile },
      form: { fields: [{ name: 'f', label: hostile, description: hostile, required: false, kind: 'select', options: [{ value: 'v', label: hostile }] }], notes: [], ignored: [] },
    } as never)]));
    const queue = screen.getByTestId('inputs-screen');
    expect(queue.querySelector('img, a, script')).toBeNull();
    expect(queue.textContent).toContain('<img src=x');
  });
});
