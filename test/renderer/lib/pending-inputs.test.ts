/** The renderer's reading of pending questions: what counts as waiting, one group per task, and each question's text. */
import { describe, expect, it } from 'vitest';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { NOW, makeInputView } from '../factories';
import { countAnswerableNow, groupByTask, isAnswerableNow, questionText } from '../../../renderer/lib/pending-inputs';

const { localId: _none, ...unowned } = makeInputView({ key: 'loose' });

describe('countAnswerableNow (the navigation badge)', () => {
  it.each<{ name: string; inputs: PendingInputView[]; count: number }>([
    { name: 'nothing waits', inputs: [], count: 0 },
    { name: 'open questions count', inputs: [makeInputView({ key: 'a' }), makeInputView({ key: 'b' })], count: 2 },
    { name: 'a queued question does not', inputs: [makeInputView({ key: 'a' }), makeInputView({ key: 'b', queuePlace: 1 })], count: 1 },
    { name: 'a held (answered) question does not', inputs: [makeInputView({ key: 'a', held: true, heldAction: 'decline' }), makeInputView({ key: 'b' })], count: 1 },
    { name: 'all queued or held: none', inputs: [makeInputView({ key: 'a', held: true }), makeInputView({ key: 'b', queuePlace: 2 })], count: 0 },
    { name: 'a question tied to no call counts', inputs: [unowned], count: 1 },
  ])('$name: $count', ({ inputs, count }) => {
    expect(countAnswerableNow(inputs)).toBe(count);
    expect(inputs.filter(isAnswerableNow)).toHaveLength(count);
  });
});

describe('groupByTask', () => {
  it.each<{ name: string; inputs: PendingInputView[]; groups: [string | undefined, string, string[]][] }>([
    { name: 'one task, two questions: one group', inputs: [makeInputView({ key: 'b', receivedAt: NOW + 1 }), makeInputView({ key: 'a' })], groups: [['task-1', 'server-a', ['a', 'b']]] },
    {
      name: 'groups come oldest question first',
      inputs: [makeInputView({ localId: 'late', key: 'x', receivedAt: NOW + 5 }), makeInputView({ localId: 'early', key: 'y', receivedAt: NOW }), makeInputView({ localId: 'late', key: 'z', receivedAt: NOW + 9 })],
      groups: [['early', 'server-a', ['y']], ['late', 'server-a', ['x', 'z']]],
    },
    {
      name: 'questions tied to no call: one group per server, apart from tasks',
      inputs: [unowned, { ...unowned, key: 'other', serverId: 'server-b' }, makeInputView({ key: 'a', receivedAt: NOW + 1 })],
      groups: [[undefined, 'server-a', ['loose']], [undefined, 'server-b', ['other']], ['task-1', 'server-a', ['a']]],
    },
  ])('$name', ({ inputs, groups }) => {
    expect(groupByTask(inputs).map((group) => [group.localId, group.serverId, group.inputs.map((input) => input.key)])).toEqual(groups);
  });

  it('a task id and a server id that look alike stay apart', () => {
    const task = makeInputView({ localId: 'server-a', key: 'a' });
    expect(groupByTask([task, unowned as PendingInputView])).toHaveLength(2);
  });
});

describe('questionText', () => {
  it.each<{ name: string; input: PendingInputView; text: string }>([
    { name: 'a form: its message', input: makeInputView({ message: 'Deploy?' }), text: 'Deploy?' },
    { name: 'a form without message', input: makeInputView({ message: '' }), text: 'It asks for information (no message given).' },
    { name: 'roots', input: makeInputView({ kind: 'roots', roots: [] }), text: 'Which folders on this computer may it work with (roots)?' },
    { name: 'unsupported, no message: the description', input: makeInputView({ kind: 'unsupported', description: 'Unknown.', message: undefined }), text: 'Unknown.' },
  ])('$name', ({ input, text }) => {
    expect(questionText(input)).toBe(text);
  });
});
