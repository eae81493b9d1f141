// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Splitter } from '../../../../renderer/screens/inbox/Splitter';
import { useListWidth } from '../../../../renderer/screens/inbox/use-list-width';
import { createFakeBridge, ok, type FakeBridge } from '../../fake-bridge';
import { makeDetail, makeServer, makeSnapshot, makeTask } from '../../factories';
import { layOutTaskList, renderApp, stubWindowWidth } from '../../render-app';

const tasks = [
  makeTask({ localId: 'a', toolName: 'build', updatedAt: 3_000 }),
  makeTask({ localId: 'b', toolName: 'deploy', updatedAt: 2_000, snapshot: makeSnapshot({ status: 'completed' }) }),
];
const row = (id: string) => screen.getAllByTestId('task-row').find((element) => element.dataset.taskId === id)!;
const rowButton = (id: string) => within(row(id)).getByRole('button');

function bridge(): FakeBridge {
  const fake = createFakeBridge({ 'tasks:list': () => ok(tasks), 'servers:list': () => ok([makeServer()]) });
  fake.handle('tasks:get', ({ localId }) => ok(makeDetail({ ...tasks.find((task) => task.localId === localId)! })));
  return fake;
}

let undo: (() => void)[] = [];
beforeEach(() => {
  window.localStorage.clear();
  undo = [layOutTaskList(640)];
});
afterEach(() => {
  cleanup();
  for (const restore of undo) restore();
});

describe('a wide window', () => {
  beforeEach(() => undo.push(stubWindowWidth(1280)));

  it('shows the list and a quiet placeholder; an opened task shows beside the list, as a pane', async () => {
    renderApp({ bridge: bridge() });
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(2));
    expect(screen.getByTestId('inbox-no-selection').textContent).toBe('Select a task to see it here.Press ? for the keyboard shortcuts.');

    fireEvent.click(rowButton('a'));
    const detail = await screen.findByTestId('task-detail');
    expect(within(screen.getByTestId('inbox-detail-pane')).getByTestId('task-detail')).toBe(detail);
    expect(screen.getByTestId('inbox-screen')).toBeTruthy();
    // One page, one h1: the pane's heading is an h2 and takes focus; no Back, a Close instead.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Inbox']);
    await waitFor(() => expect(document.activeElement).toBe(within(detail).getByRole('heading', { level: 2, name: /build/ })));
    expect(screen.queryByTestId('task-back')).toBeNull();
    expect(rowButton('a').getAttribute('aria-current')).toBe('true');
    expect(rowButton('b').getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close the task' }));
    await screen.findByTestId('inbox-no-selection');
    await waitFor(() => expect(document.activeElement).toBe(rowButton('a')));
  });

  it('moves focus to the list heading when the open task is removed', async () => {
    const fake = bridge();
    fake.handle('tasks:remove', () => ok({}));
    renderApp({ bridge: fake, state: { screen: 'task', selectedTaskId: 'b' } });
    await screen.findByTestId('task-detail');
    fireEvent.click(screen.getByTestId('task-remove'));
    fireEvent.click(screen.getByTestId('task-remove-confirm'));
    await screen.findByTestId('inbox-no-selection');
    await waitFor(() => expect(screen.getAllByTestId('task-row').map((element) => element.dataset.taskId)).toEqual(['a']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Inbox' })));
  });
});

describe('a narrow window', () => {
  beforeEach(() => undo.push(stubWindowWidth(900)));

  it('shows the open task as a full page with Back, which returns to its row', async () => {
    renderApp({ bridge: bridge() });
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(2));
    expect(screen.queryByTestId('inbox-no-selection')).toBeNull();
    fireEvent.click(rowButton('b'));
    await screen.findByTestId('task-detail');
    expect(screen.queryByTestId('inbox-screen')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: /deploy/ })).toBeTruthy();

    fireEvent.click(screen.getByTestId('task-back'));
    await screen.findByTestId('inbox-screen');
    await waitFor(() => expect(document.activeElement).toBe(rowButton('b')));
  });
});

function SplitterHarness() {
  const [width, setWidth] = useListWidth();
  return <Splitter value={width} onChange={setWidth} controls="list" />;
}

describe('the splitter', () => {
  it('is a separator the arrow keys, Home and End resize within bounds, and the width is remembered', () => {
    const { unmount } = render(<SplitterHarness />);
    const splitter = screen.getByRole('separator', { name: 'Width of the task list' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('38');
    expect(splitter.getAttribute('aria-orientation')).toBe('vertical');
    expect(splitter.tabIndex).toBe(0);
    fireEvent.keyDown(splitter, { key: 'ArrowRight' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('40');
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('36');
    fireEvent.keyDown(splitter, { key: 'Home' });
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('20');
    fireEvent.keyDown(splitter, { key: 'End' });
    fireEvent.keyDown(splitter, { key: 'ArrowRight' });
    expect(splitter.getAttribute('aria-valuenow')).toBe('70');
    unmount();

    render(<SplitterHarness />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('70');
  });

  it('ignores a stored width that is not a number and clamps one out of range', () => {
    window.localStorage.setItem('mtm.inbox.listWidth', 'wide');
    const first = render(<SplitterHarness />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('38');
    first.unmount();
    window.localStorage.setItem('mtm.inbox.listWidth', '99');
    render(<SplitterHarness />);
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('70');
  });
});
