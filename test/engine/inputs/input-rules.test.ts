/** Which listed questions are the user's to answer: never-answered, in flight, stale reads, asked again. */
import { describe, expect, it } from 'vitest';
import { outstandingInputs, REASK_GRACE_MS, type AnswerHistory } from '../../../electron/engine/inputs/input-rules.js';
import type { InputRequest } from '../../../shared/task-model.js';

const Q: InputRequest = { method: 'elicitation/create', params: { message: 'Go on?' } };
const history = (fields: Partial<AnswerHistory> = {}): AnswerHistory => ({ answeredKeys: [], deliveredAt: new Map(), inFlight: new Set(), ...fields });

describe('outstandingInputs', () => {
  it.each<[string, AnswerHistory, number, Array<{ key: string; round?: number }>]>([
    ['a key never answered is asked', history(), 0, [{ key: 'a' }]],
    ['a key whose answer is on its way is not', history({ inFlight: new Set(['a']) }), 0, []],
    ['a read sent before the answer was delivered is stale', history({ answeredKeys: ['a'], deliveredAt: new Map([['a', 10_000]]) }), 9_000, []],
    ['a read within the grace after delivery may still be stale', history({ answeredKeys: ['a'], deliveredAt: new Map([['a', 10_000]]) }), 10_000 + REASK_GRACE_MS - 1, []],
    ['a read past the grace that lists it again: asked again, round 2', history({ answeredKeys: ['a'], deliveredAt: new Map([['a', 10_000]]) }), 10_000 + REASK_GRACE_MS, [{ key: 'a', round: 2 }]],
    ['answered twice before: round 3', history({ answeredKeys: ['a', 'b', 'a'], deliveredAt: new Map([['a', 0]]) }), REASK_GRACE_MS, [{ key: 'a', round: 3 }]],
    ['answered before a restart (no delivery time known): asked again', history({ answeredKeys: ['a'] }), 0, [{ key: 'a', round: 2 }]],
  ])('%s', (_what, answers, readAt, expected) => {
    const asked = outstandingInputs({ a: Q }, answers, readAt);
    expect(asked.map(({ key, round }) => (round === undefined ? { key } : { key, round }))).toEqual(expected);
    for (const entry of asked) expect(entry.request).toBe(Q);
  });

  it('judges each key on its own', () => {
    const asked = outstandingInputs({ a: Q, b: Q, c: Q }, history({ answeredKeys: ['a'], deliveredAt: new Map([['a', 100]]), inFlight: new Set(['c']) }), 200);
    expect(asked.map((entry) => entry.key)).toEqual(['b']);
  });
});
