// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBridge, ok } from '../fake-bridge';
import { makeSnapshot, makeTask } from '../factories';
import { bridgeWithTasks, renderApp, useDesktopWindow } from '../render-app';

const tasks = [
  makeTask({ localId: 'a', toolName: 'build', updatedAt: 3_000 }),
  makeTask({ localId: 'b', toolName: 'deploy', updatedAt: 2_000 }),
  makeTask({ localId: 'c', toolName: 'test', updatedAt: 1_000, snapshot: makeSnapshot({ status: 'completed' }) }),
];
const rowButtons = () => screen.getAllByTestId('task-row').map((row) => within(row).getByRole('button'));
const rowButton = (id: string) => within(screen.getAllByTestId('task-row').find((row) => row.dataset.taskId === id)!).getByRole('button');
const focusedRow = () => document.activeElement?.closest<HTMLElement>('[data-testid="task-row"]')?.dataset.taskId;
const press = (key: string, target: Element = document.activeElement ?? document.body) => fireEvent.keyDown(target, { key });

const bridge = () => bridgeWithTasks(tasks);

async function renderInbox(state = {}) {
  const rendered = renderApp({ bridge: bridge(), state });
  await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(3));
  return rendered;
}

useDesktopWindow();

describe('the list is one Tab stop', () => {
  it('has one row in the Tab order, and it follows the focus', async () => {
    await renderInbox();
    expect(rowButtons().map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    rowButton('a').focus();
    press('ArrowDown');
    await waitFor(() => expect(focusedRow()).toBe('b'));
    expect(rowButtons().map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('stays in the Tab order when the list scrolls its row away', async () => {
    const many = Array.from({ length: 2_000 }, (_, index) => makeTask({ localId: `t${index}`, updatedAt: 10_000 - index }));
    renderApp({ bridge: createFakeBridge({ 'tasks:list': () => ok(many) }) });
    await waitFor(() => expect(screen.getAllByTestId('task-row').length).toBeGreaterThan(0));
    const scroller = screen.getByTestId('task-list');
    scroller.scrollTop = 1_000 * 64;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.queryAllByTestId('task-row').map((row) => row.dataset.taskId)).not.toContain('t0'));
    expect(rowButtons().filter((button) => button.tabIndex === 0)).toHaveLength(1);
  });

  it("is the open task's row while no other row had focus", async () => {
    await renderInbox({ screen: 'task', selectedTaskId: 'c' });
    expect(rowButtons().map((button) => button.tabIndex)).toEqual([-1, -1, 0]);
  });
});

describe('shortcuts', () => {
  it('j and k move through the list from anywhere; the first press lands on the Tab stop', async () => {
    await renderInbox();
    press('j', document.body);
    await waitFor(() => expect(focusedRow()).toBe('a'));
    press('j');
    await waitFor(() => expect(focusedRow()).toBe('b'));
    // The Finished group's header sits between b and c: the keys stop on it too (it collapses).
    press('j');
    await waitFor(() => expect(document.activeElement?.closest<HTMLElement>('[data-testid="task-group-header"]')?.dataset.group).toBe('finished'));
    press('j');
    await waitFor(() => expect(focusedRow()).toBe('c'));
    press('k');
    press('k');
    await waitFor(() => expect(focusedRow()).toBe('b'));
  });

  it('Enter on a row opens it; Esc closes it and focus returns to the row', async () => {
    await renderInbox();
    press('j', document.body);
    press('j');
    await waitFor(() => expect(focusedRow()).toBe('b'));
    // A button's Enter is its click.
    fireEvent.click(document.activeElement!);
    expect((await screen.findByTestId('task-detail')).dataset.taskId).toBe('b');
    press('Escape');
    await screen.findByTestId('inbox-no-selection');
    await waitFor(() => expect(focusedRow()).toBe('b'));
  });

  it('Esc from another screen goes back to the inbox', async () => {
    await renderInbox();
    fireEvent.click(screen.getByTestId('nav-launcher'));
    await screen.findByTestId('launcher-screen');
    press('Escape', document.body);
    await screen.findByTestId('inbox-screen');
  });

  it('"/" focuses the search, also from another screen; letters typed there stay text', async () => {
    await renderInbox();
    press('/', document.body);
    const search = screen.getByTestId('inbox-search');
    expect(document.activeElement).toBe(search);
    press('j', search);
    press('Escape', search);
    expect(document.activeElement).toBe(search);
    expect(screen.getByTestId('inbox-screen')).toBeTruthy();

    fireEvent.click(screen.getByTestId('nav-servers'));
    await screen.findByTestId('servers-screen');
    press('/', document.body);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('inbox-search')));
  });

  it('"c" asks to cancel the focused task (opening it), and does nothing for one that cannot be cancelled', async () => {
    await renderInbox();
    rowButton('b').focus();
    press('c');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('task-cancel-confirm')));
    expect(screen.getByTestId('task-detail').dataset.taskId).toBe('b');

    // Esc takes the question back (and only that): the task stays open, focus on Cancel.
    press('Escape');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('task-cancel')));
    expect(screen.getByTestId('task-detail').dataset.taskId).toBe('b');
    fireEvent.click(screen.getByTestId('task-cancel'));
    fireEvent.click(screen.getByTestId('task-cancel-keep'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('task-cancel')));

    rowButton('c').focus();
    press('c');
    await waitFor(() => expect(screen.getByTestId('task-detail').dataset.taskId).toBe('c'));
    expect(screen.queryByTestId('task-cancel')).toBeNull();
    expect(screen.queryByTestId('task-cancel-confirm')).toBeNull();
  });

  it('"?" lists the keys in a dialog, which closes back to where focus was', async () => {
    await renderInbox();
    rowButton('a').focus();
    press('?');
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(dialog.textContent).toContain('Next task in the list');
    expect(within(dialog).getAllByRole('row').map((row) => row.querySelector('th')?.textContent)).toEqual(['j or ↓', 'k or ↑', 'Home or End', 'Enter', 'Esc', '/', 'c', '?']);
    const close = within(dialog).getByTestId('keyboard-help-close');
    expect(document.activeElement).toBe(close);
    // Keys belong to the open dialog.
    press('j');
    expect(document.activeElement).toBe(close);
    fireEvent.click(within(dialog).getByTestId('keyboard-help-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rowButton('a'));
  });
});
