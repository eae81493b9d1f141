// @vitest-environment jsdom
/**
 * Progress on inbox rows: the bar's kinds and ARIA, and what a chatty server costs — its row
 * re-renders at most ~10 times a second and the other rows not at all. Renders are counted through
 * `VisibleText`, which every row's content draws its tool name with (one tool name per row).
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as VisibleTextModule from '../../../../renderer/components/VisibleText';
import { createFakeBridge, ok } from '../../fake-bridge';
import { NOW, makeSnapshot, makeCall, makeTask, makeTasks } from '../../factories';
import { layOutTaskList, renderApp } from '../../render-app';

const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../../renderer/components/VisibleText', async (importOriginal) => {
  const actual = await importOriginal<typeof VisibleTextModule>();
  const Counted = (props: ComponentProps<typeof actual.VisibleText>) => {
    renders.set(props.text, (renders.get(props.text) ?? 0) + 1);
    return <actual.VisibleText {...props} />;
  };
  return { ...actual, VisibleText: Counted };
});

const row = (id: string) => screen.getAllByTestId('task-row').find((element) => element.dataset.taskId === id)!;

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = layOutTaskList(640);
  renders.clear();
});
afterEach(() => {
  cleanup();
  restoreHeight();
});

describe('progress on inbox rows', () => {
  it('a determinate bar with its percentage, an indeterminate one without a total, a derived one from an extension status message', async () => {
    const tasks = [
      makeTask({ localId: 'legacy', form: 'legacy', toolName: 'build', updatedAt: NOW - 1, progress: { progress: 2, total: 5, message: 'Compiling', at: NOW } }),
      makeCall({ localId: 'plain', phase: 'calling', plain: true, toolName: 'long-op', updatedAt: NOW - 2, progress: { progress: 7, at: NOW } }),
      makeTask({ localId: 'ext', form: 'extension', toolName: 'index', updatedAt: NOW - 3, snapshot: makeSnapshot({ statusMessage: 'Step 3/4: Linking' }) }),
      makeTask({ localId: 'none', toolName: 'quiet', updatedAt: NOW - 4, snapshot: makeSnapshot({ statusMessage: 'HTTP/1.1 upload' }) }),
    ];
    renderApp({ bridge: createFakeBridge({ 'tasks:list': () => ok(tasks) }) });
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(4));

    const determinate = within(row('legacy')).getByRole('progressbar');
    expect(determinate.getAttribute('aria-valuenow')).toBe('2');
    expect(determinate.getAttribute('aria-valuemin')).toBe('0');
    expect(determinate.getAttribute('aria-valuemax')).toBe('5');
    expect(determinate.getAttribute('aria-label')).toBe('Progress of build');
    expect(determinate.getAttribute('aria-valuetext')).toBe('40 % (2 of 5)');
    expect(within(row('legacy')).getByTestId('task-row-progress-figure').textContent).toBe('40 %');

    const indeterminate = within(row('plain')).getByRole('progressbar');
    for (const attribute of ['aria-valuenow', 'aria-valuemin', 'aria-valuemax']) expect(indeterminate.hasAttribute(attribute)).toBe(false);
    expect(indeterminate.getAttribute('aria-valuetext')).toBe('in progress, 7 so far');

    const derived = within(row('ext')).getByRole('progressbar');
    expect(derived.getAttribute('aria-valuenow')).toBe('3');
    expect(derived.getAttribute('aria-valuetext')).toBe('75 % (3 of 4), from the status message');

    expect(within(row('none')).queryByRole('progressbar')).toBeNull();
  });

  it('a chatty server re-renders its own row at most ~10 times a second and no other row; the last value is shown', async () => {
    const tasks = makeTasks(30);
    const { bridge } = renderApp({ bridge: createFakeBridge({ 'tasks:list': () => ok(tasks) }) });
    await waitFor(() => expect(screen.getAllByTestId('task-row').length).toBeGreaterThan(5));
    const chatty = tasks[3]!;
    renders.clear();

    const started = performance.now();
    for (let step = 1; step <= 100; step += 1) {
      act(() => bridge.emit('tasks:updated', { tasks: [{ ...chatty, updatedAt: chatty.updatedAt + step, progress: { progress: step, total: 100, at: NOW + step } }] }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await waitFor(() => expect(within(row(chatty.localId)).getByTestId('task-row-progress-figure').textContent).toBe('100 %'));
    const seconds = (performance.now() - started) / 1_000;

    // 100 updates in about a second: about 10 renders (+1 for each clock tick of the elapsed time).
    expect(renders.get(chatty.toolName) ?? 0).toBeLessThanOrEqual(Math.ceil(seconds * 10) + Math.ceil(seconds) + 2);
    for (const other of tasks.slice(0, 10)) {
      if (other.localId === chatty.localId) continue;
      // Only the elapsed-time clock, once a second, re-renders the others.
      expect(renders.get(other.toolName) ?? 0).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    }
  });
});
