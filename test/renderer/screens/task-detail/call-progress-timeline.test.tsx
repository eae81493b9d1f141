// @vitest-environment jsdom
/** The detail of calls and tasks: what a call before it is a task says, progress, the words of its end, and the timeline. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInputView, TaskDetail } from '../../../../shared/ipc/contract';
import type { TimelineEntry } from '../../../../shared/task-model';
import { TIMELINE_NEWEST_SHOWN } from '../../../../renderer/screens/task-detail/TaskTimeline';
import { createFakeBridge, ok } from '../../fake-bridge';
import { NOW, makeCallDetail, makeDetail, makeInputView, makeSnapshot, makeTask } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

function renderDetail(detail: TaskDetail, inputs: PendingInputView[] = []) {
  const bridge = createFakeBridge({
    'tasks:get': () => ok(detail),
    'tasks:list': () => ok([]),
    'tasks:cancel': () => ok({}),
    'inputs:list': () => ok(inputs),
  });
  return renderApp({ bridge, state: { screen: 'task', selectedTaskId: detail.localId } });
}

const call = { phase: 'calling' as const, serverTaskId: undefined, snapshot: undefined, observedAt: undefined, createdAt: Date.now() - 125_000, updatedAt: Date.now() };

describe('the detail of a call before it is a task', () => {
  it('one that may still become a task says so; no progress reported says so too', async () => {
    renderDetail(makeCallDetail({ ...call, localId: 'maybe' }));
    expect((await screen.findByTestId('task-call-state')).textContent).toBe('Call in progress — no task yet; the server may still answer with a task.');
    expect(screen.getByTestId('task-elapsed').textContent).toBe('running 2m 05s');
    expect(screen.getByTestId('task-progress-none').textContent).toBe('No progress reported by the server.');
    expect(screen.getByTestId('task-facts').textContent).toContain('None yet: the server may still answer this call with a task.');
    expect(screen.getByTestId('task-cancel').textContent).toBe('Cancel call');
  });

  it('one whose server asked first (MRTR) waits for your answer: never "Calling" or "not answered yet"', async () => {
    renderDetail(makeCallDetail({ ...call, localId: 'asks' }), [makeInputView({ localId: 'asks', key: 'confirm' })]);
    await waitFor(() => expect(screen.getByTestId('task-call-state').textContent).toBe('The server asked for your input before it runs this call; it waits for your answer.'));
    expect(screen.getByTestId('task-explanation').textContent).toBe('The server asked for your input before it runs this call; it waits for your answer.');
    expect(within(screen.getByTestId('task-detail')).getAllByText('Input required').length).toBeGreaterThan(0);
    expect(screen.getByTestId('task-detail').textContent).not.toMatch(/Calling|not answered yet|Call in progress/);
    expect(screen.getByTestId('task-pending-inputs')).toBeTruthy();
  });

  it('one whose only question is answered (held) is no longer waiting on you', async () => {
    renderDetail(makeCallDetail({ ...call, localId: 'held' }), [makeInputView({ localId: 'held', key: 'confirm', held: true, heldAction: 'accept' })]);
    await screen.findByTestId('task-pending-inputs');
    expect(screen.getByTestId('task-call-state').textContent).toBe('Call in progress — no task yet; the server may still answer with a task.');
  });

  it('an indeterminate bar without a total: no value, min or max, and a label', async () => {
    renderDetail(makeCallDetail({ ...call, localId: 'plain', plain: true, toolName: 'long-op', progress: { progress: 12, at: NOW, message: 'Still going' } }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Progress of long-op');
    for (const attribute of ['aria-valuenow', 'aria-valuemin', 'aria-valuemax']) expect(bar.hasAttribute(attribute)).toBe(false);
    expect(screen.getByTestId('task-progress-figure').textContent).toBe('in progress');
    expect(screen.getByTestId('task-progress-message').textContent).toBe('Still going');
  });
});

describe('progress of tasks', () => {
  it('pushed progress shows at once, though the host changes it without a new updatedAt', async () => {
    const legacy = { localId: 'legacy', form: 'legacy' as const, updatedAt: NOW };
    const { bridge } = renderDetail(makeDetail(legacy));
    await screen.findByTestId('task-progress-none');
    // The host still answers tasks:get with the detail it had; the pushed summary carries the progress.
    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ ...legacy, progress: { progress: 3, total: 5, message: 'Linking', at: NOW + 1 } })] }));
    await waitFor(() => expect(screen.getByTestId('task-progress-figure').textContent).toBe('60 %'));
    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ ...legacy, progress: { progress: 4, total: 5, at: NOW + 2 } })] }));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4'));
  });

  it('an extension task shows a bar read from its status message, marked as derived', async () => {
    renderDetail(makeDetail({ localId: 'ext', form: 'extension', snapshot: makeSnapshot({ statusMessage: 'Step 5/8: Linking' }) }));
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('5');
    expect(bar.getAttribute('aria-valuemax')).toBe('8');
    expect(screen.getByTestId('task-progress-figure').textContent).toBe('62 %');
    expect(screen.getByTestId('task-progress-derived').textContent).toBe('from the status message');
    // The task's own Cancel says a task's cancel is cooperative.
    fireEvent.click(screen.getByTestId('task-cancel'));
    expect(screen.getByText(/Ask the server to cancel this task\? Cancellation is cooperative/)).toBeTruthy();
  });

  it('a finished task shows no progress section, and how long it took', async () => {
    renderDetail(makeDetail({ localId: 'done', createdAt: NOW - 12_000, updatedAt: NOW, progress: { progress: 5, total: 5, at: NOW }, snapshot: makeSnapshot({ status: 'completed' }) }));
    expect((await screen.findByTestId('task-timing')).textContent).toBe('took 12s');
    expect(screen.queryByTestId('task-progress-section')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('how a call ended, in words', () => {
  it.each<[string, Parameters<typeof makeCallDetail>[0], string]>([
    ['answered directly', { endReason: 'answered', hasResult: false }, 'The server answered this call directly, without creating a task.'],
    ['answered directly with a tool error', { endReason: 'answered-with-error', hasResult: false }, 'The server answered this call directly, without creating a task, with a tool error (see the result).'],
    ['refused at once', { endReason: 'refused', callError: { code: -32602, message: 'Bad arguments' } }, 'The server refused this call (see the error); no task was created.'],
    ['interrupted', { endReason: 'interrupted' }, "Interrupted — the server's answer could not be received: the app stopped while this call ran (no task can come of it). It was not sent again."],
    ['cancelled on the wire', { endReason: 'user-cancelled' }, 'You cancelled this call before the server answered; its request was withdrawn, and an answer arriving later is ignored.'],
  ])('%s', async (_name, ending, words) => {
    renderDetail(makeCallDetail({ ...call, localId: 'ended', ...ending }));
    expect((await screen.findByTestId('task-explanation')).textContent).toBe(words);
    expect(screen.queryByTestId('task-cancel')).toBeNull();
    expect(screen.queryByTestId('task-progress-section')).toBeNull();
  });
});

describe('the timeline', () => {
  const texts = () => screen.getAllByTestId('timeline-entry').map((entry) => entry.textContent ?? '');

  it('shows the time between steps, what the user answered, and collapses repeats', async () => {
    const timeline: TimelineEntry[] = [
      { at: NOW, note: 'Call sent' },
      { at: NOW + 400, status: 'working', statusMessage: 'Working' },
      ...Array.from({ length: 11 }, (_, index) => ({ at: NOW + 1_400 + index * 1_000, status: 'working' as const, statusMessage: 'Working' })),
      { at: NOW + 15_600, status: 'input_required' },
      { at: NOW + 19_800, note: 'Declined an input request' },
    ];
    renderDetail(makeDetail({ localId: 't', timeline }));
    await screen.findByTestId('task-timeline');
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(4);
    expect(screen.getAllByTestId('timeline-gap').map((gap) => gap.textContent)).toEqual(['+0.4 s', '+4.2 s', '+4.2 s']);
    expect(screen.getByTestId('timeline-repeat').textContent).toBe('×12');
    expect(texts()[3]).toContain('App: Declined an input request');
    expect(screen.queryByTestId('timeline-show-all')).toBeNull();
  });

  it('a long timeline shows its newest 5 steps until "Show all", and folds back with "Show only the newest 5"', async () => {
    expect(TIMELINE_NEWEST_SHOWN).toBe(5);
    const timeline: TimelineEntry[] = Array.from({ length: 30 }, (_, index) => ({ at: NOW + index * 1_000, status: 'working', statusMessage: `Step ${index + 1}` }));
    renderDetail(makeDetail({ localId: 'long', timeline }));
    const list = await screen.findByTestId('task-timeline');
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(5);
    expect(texts()[0]).toContain('Step 26');
    expect(texts().at(-1)).toContain('Step 30');
    expect(list.getAttribute('start')).toBe('26');
    expect(screen.getByTestId('timeline-hidden').textContent).toBe('25 earlier steps are folded away.');
    expect(screen.queryByTestId('timeline-show-less')).toBeNull();
    fireEvent.click(screen.getByTestId('timeline-show-all'));
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(30);
    expect(within(screen.getByTestId('task-timeline')).getAllByTestId('timeline-entry')[0]!.textContent).toContain('Step 1');
    fireEvent.click(screen.getByTestId('timeline-show-less'));
    expect(screen.getAllByTestId('timeline-entry')).toHaveLength(5);
  });

  it('forty polls of the same status and message are one entry with ×40', async () => {
    const timeline: TimelineEntry[] = Array.from({ length: 40 }, (_, index) => ({ at: NOW + index * 1_000, status: 'working', statusMessage: 'Indexing' }));
    renderDetail(makeDetail({ localId: 'same', timeline }));
    await screen.findByTestId('task-timeline');
    expect(texts()).toHaveLength(1);
    expect(screen.getByTestId('timeline-repeat').textContent).toBe('×40');
    expect(screen.queryByTestId('timeline-show-all')).toBeNull();
  });
});

describe('long texts on the detail are folded', () => {
  /** A status message as the engine keeps a 100 KB one: cut to ~4,000 characters, many lines. */
  const long = Array.from({ length: 80 }, (_, index) => `line ${index + 1} ${'x'.repeat(40)}`).join('\n');

  it('the status message, its timeline entry and the error show their first lines with "Show all (N lines)"', async () => {
    renderDetail(makeDetail({
      localId: 'big',
      snapshot: makeSnapshot({ status: 'failed', statusMessage: long, error: { code: -32000, message: long } }),
      timeline: [{ at: NOW, status: 'failed', statusMessage: long }],
    }));
    const message = await screen.findByTestId('task-status-message');
    const entry = screen.getByTestId('timeline-entry');
    const error = screen.getByTestId('task-error-message');
    for (const where of [message, entry, error]) {
      expect(where.textContent).toContain('line 6 ');
      expect(where.textContent).not.toContain('line 7 ');
      expect(within(where).getByTestId('folded-text-toggle').textContent).toBe('Show all (80 lines)');
    }
    fireEvent.click(within(message).getByTestId('folded-text-toggle'));
    expect(message.textContent).toContain('line 80 ');
    expect(within(message).getByTestId('folded-text-toggle').textContent).toBe('Show less');
    expect(within(message).getByTestId('folded-text-toggle').getAttribute('aria-expanded')).toBe('true');
    // Each fold is its own: the timeline's entry stays folded.
    expect(entry.textContent).not.toContain('line 80 ');
    fireEvent.click(within(message).getByTestId('folded-text-toggle'));
    expect(message.textContent).not.toContain('line 80 ');
  });

  it('a short status message is shown whole, with nothing to unfold', async () => {
    renderDetail(makeDetail({ localId: 'short', snapshot: makeSnapshot({ statusMessage: 'Indexing 3 of 7' }) }));
    const message = await screen.findByTestId('task-status-message');
    expect(message.textContent).toBe('Indexing 3 of 7');
    expect(within(message).queryByTestId('folded-text-toggle')).toBeNull();
  });
});
