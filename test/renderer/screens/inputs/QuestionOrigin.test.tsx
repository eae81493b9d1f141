// @vitest-environment jsdom
/**
 * Where a question comes from, against the fake bridge: a question a server asked outside any call
 * says so and is answered by its server; a question the server asked again after an answer shows
 * its round and a way to stop the task.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInputView } from '../../../../shared/ipc/contract';
import { createFakeBridge, ok } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

async function openQueue(inputs: PendingInputView[]) {
  const bridge = createFakeBridge({ 'inputs:list': () => ok(inputs), 'inputs:answer': () => ok({}), 'tasks:cancel': () => ok({}) });
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('input-form');
  return bridge;
}

describe('where a question comes from', () => {
  it('a question tied to no call says so, has no task button, and its answer names only the server', async () => {
    const { localId: _none, ...unowned } = makeInputView({ key: 'request-3' });
    const bridge = await openQueue([unowned]);
    const card = screen.getByTestId('input-card');
    expect(within(card).getByTestId('input-no-task').textContent).toBe('Asked outside any call this app can tie it to');
    expect(within(card).queryByTestId('input-open-task')).toBeNull();
    const item = within(card).getByTestId('input-item');
    fireEvent.click(within(item).getByTestId('input-decline'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ serverId: 'server-a', key: 'request-3', response: { action: 'decline' } }]));
  });

  it('a question asked again shows its round and can stop the task', async () => {
    const bridge = await openQueue([makeInputView({ round: 3 })]);
    const notice = screen.getByTestId('input-asked-again');
    expect(notice.textContent).toContain('Asked again (round 3)');
    fireEvent.click(within(notice).getByTestId('input-stop'));
    await waitFor(() => expect(bridge.requestsTo('tasks:cancel')).toEqual([{ localId: 'task-1' }]));
    await waitFor(() => expect(within(notice).getByTestId<HTMLButtonElement>('input-stop').disabled).toBe(true));
  });

  it('a new round of the same key is a new question: its form starts afresh, even filed in the same millisecond', async () => {
    const first = makeInputView();
    const bridge = await openQueue([first]);
    fireEvent.change(screen.getByTestId('input-field-note'), { target: { value: 'typed for the first asking' } });
    act(() => bridge.emit('inputs:changed', { inputs: [{ ...first, round: 2 }] }));
    await screen.findByTestId('input-asked-again');
    expect(screen.getByTestId<HTMLInputElement>('input-field-note').value).toBe('');
  });

  it('a first-round question shows no such notice', async () => {
    await openQueue([makeInputView()]);
    expect(screen.queryByTestId('input-asked-again')).toBeNull();
  });
});
