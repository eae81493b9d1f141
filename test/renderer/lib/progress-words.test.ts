import { describe, expect, it } from 'vitest';
import { describeProgress, formatProgress } from '../../../renderer/lib/progress-words';
import { taskProgress, type ProgressView } from '../../../shared/derived-progress';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { NOW, makeCall, makeSnapshot, makeTask } from '../factories';

const reported = (progress: number, total?: number, message?: string) => ({ progress, at: NOW, ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) });

describe('taskProgress', () => {
  const cases: [string, TaskSummary, ProgressView | undefined][] = [
    ['no progress, no fraction in the message', makeTask(), undefined],
    ['the server\'s progress with a total', makeTask({ form: 'legacy', progress: reported(2, 5, 'Compiling') }), { kind: 'determinate', value: 2, max: 5, source: 'server', message: 'Compiling' }],
    ['a plain call\'s progress without a total', makeCall({ plain: true, progress: reported(7) }), { kind: 'indeterminate', value: 7 }],
    ['a total of zero is no end', makeTask({ progress: reported(3, 0) }), { kind: 'indeterminate', value: 3 }],
    ['progress past its total is drawn full', makeTask({ progress: reported(12, 10) }), { kind: 'determinate', value: 10, max: 10, source: 'server' }],
    ['an empty message is no message', makeTask({ progress: reported(1, 2, '') }), { kind: 'determinate', value: 1, max: 2, source: 'server' }],
    ['an extension task: read from the status message', makeTask({ form: 'extension', snapshot: makeSnapshot({ statusMessage: 'Step 2/5: Compiling' }) }), { kind: 'determinate', value: 2, max: 5, source: 'status-message' }],
    ['the server\'s figure wins over the message', makeTask({ form: 'extension', progress: reported(1, 4), snapshot: makeSnapshot({ statusMessage: 'Step 2/5' }) }), { kind: 'determinate', value: 1, max: 4, source: 'server' }],
    ['a 2025-11-25 task\'s message is not read (it has real progress)', makeTask({ form: 'legacy', snapshot: makeSnapshot({ statusMessage: 'Step 2/5' }) }), undefined],
    ['a finished task draws no bar', makeTask({ progress: reported(5, 5), snapshot: makeSnapshot({ status: 'completed' }) }), undefined],
    ['an ended call draws no bar', makeCall({ endReason: 'user-cancelled', progress: reported(1, 3) }), undefined],
  ];
  it.each(cases)('%s', (_name, task, expected) => {
    expect(taskProgress(task)).toEqual(expected);
  });
});

describe('the words of a bar', () => {
  it.each<[ProgressView, string, string]>([
    [{ kind: 'determinate', value: 2, max: 5, source: 'server' }, '40 %', '40 % (2 of 5)'],
    [{ kind: 'determinate', value: 199, max: 200, source: 'server' }, '99 %', '99 % (199 of 200)'],
    [{ kind: 'determinate', value: 42, max: 100, source: 'status-message' }, '42 %', '42 % (42 of 100), from the status message'],
    [{ kind: 'determinate', value: 1 / 3, max: 1, source: 'server' }, '33 %', '33 % (0.33 of 1)'],
    [{ kind: 'indeterminate', value: 12 }, 'in progress', 'in progress, 12 so far'],
    [{ kind: 'indeterminate' }, 'in progress', 'in progress'],
  ])('%j: %s, %s', (view, figure, words) => {
    expect(formatProgress(view)).toBe(figure);
    expect(describeProgress(view)).toBe(words);
  });
});
