// @vitest-environment jsdom
/** A question answered while its task still has another open one: its answer is held, not sent yet. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { AnswerAction } from '../../../../shared/elicitation/elicit-result';
import { createFakeBridge, ok } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

async function openQueueWithHeld(heldAction: AnswerAction) {
  const held = makeInputView({ key: 'release_window', held: true, heldAction, message: 'Which window?' });
  const open = makeInputView({ key: 'release_approver' });
  const bridge = createFakeBridge({ 'inputs:list': () => ok([held, open]), 'inputs:answer': () => ok({}) });
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  const items = await screen.findAllByTestId('input-item');
  return { bridge, heldItem: items.find((item) => item.dataset['key'] === 'release_window')!, openItem: items.find((item) => item.dataset['key'] === 'release_approver')! };
}

it('shows a held answer as a plain line with its question instead of its form, next to the still open question', async () => {
  const { bridge, heldItem, openItem } = await openQueueWithHeld('accept');
  expect(within(heldItem).getByTestId('input-held').textContent).toBe('Answered. It is sent with your answers to this task’s other questions.');
  expect(within(heldItem).getByRole('status')).toBeTruthy();
  expect(within(heldItem).getByTestId('input-question').textContent).toBe('Which window?');
  // Nothing to answer with (the link to the task is on the card).
  expect(within(heldItem).queryAllByRole('button')).toEqual([]);
  expect(within(heldItem).queryByRole('textbox')).toBeNull();
  expect(within(openItem).queryByTestId('input-held')).toBeNull();
  // The held one is the user's done part: only the open one waits on them.
  await waitFor(() => expect(screen.getByTestId('nav-input-count').textContent).toBe('1 question waits'));
  bridge.assertNoViolations();
});

it.each([
  ['decline', 'Declined. The decline is sent with your answers to this task’s other questions.'],
  ['cancel', 'Cancelled (closed without choosing). This is sent with your answers to this task’s other questions.'],
] as const)('a held %s reads as what it was, never as an answer', async (action, words) => {
  const { heldItem } = await openQueueWithHeld(action);
  expect(within(heldItem).getByTestId('input-held').textContent).toBe(words);
  expect(heldItem.textContent).not.toContain('Answered');
});
