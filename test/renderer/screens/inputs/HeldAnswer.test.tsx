// @vitest-environment jsdom
/** A question answered while its task still has another open one: its answer is held, not sent yet. */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createFakeBridge, ok } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

it('shows a held answer as a plain line instead of its form, next to the still open question', async () => {
  const held = makeInputView({ key: 'release_window', held: true });
  const open = makeInputView({ key: 'release_approver' });
  const bridge = createFakeBridge({ 'inputs:list': () => ok([held, open]), 'inputs:answer': () => ok({}) });
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  const items = await screen.findAllByTestId('input-item');
  const heldItem = items.find((item) => item.dataset['key'] === 'release_window')!;
  expect(within(heldItem).getByTestId('input-held').textContent).toBe('Answered. It is sent with your answers to this task’s other questions.');
  expect(within(heldItem).getByRole('status')).toBeTruthy();
  // Only the header's link to the task: nothing to answer with.
  expect(within(heldItem).queryAllByRole('button').map((button) => button.dataset['testid'])).toEqual(['input-open-task']);
  expect(within(heldItem).queryByRole('textbox')).toBeNull();
  const openItem = items.find((item) => item.dataset['key'] === 'release_approver')!;
  expect(within(openItem).queryByTestId('input-held')).toBeNull();
  bridge.assertNoViolations();
});
