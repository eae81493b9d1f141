/**
 * The open requests of a task's exchange: each waits under its direction and JSON-RPC id for
 * the answer that settles its line. A line folds into the one before only when it says the same.
 * Trimming a task's lines keeps the first and counts the gap.
 */
import { describe, expect, it } from 'vitest';
import { foldsInto, newLine, putOpen, takeOpen, toExchangeLine, toLiveLine, trimLines, type LiveLine, type OpenRequests } from '../../../electron/engine/observe/exchange-line.js';

function line(method: string): LiveLine {
  return newLine(0, 'sent', 'request', method);
}

describe('open requests', () => {
  it('an answer takes the line of its request once, and only of its direction', () => {
    const waiting: OpenRequests = { open: undefined };
    const poll = line('tasks/get');
    const asked = line('elicitation/create');
    putOpen(waiting, { direction: 'sent', id: 'mtm-1', line: poll });
    putOpen(waiting, { direction: 'received', id: 'mtm-1', line: asked });
    expect(takeOpen(waiting, 'sent', 'mtm-1')).toBe(poll);
    expect(takeOpen(waiting, 'sent', 'mtm-1')).toBeUndefined();
    expect(takeOpen(waiting, 'received', 'mtm-1')).toBe(asked);
    expect(waiting.open).toBeUndefined();
  });

  it.each([
    ['a number and its text', 7, '7'],
    ['a text and its number', '7', 7],
  ])('ids match as JSON-RPC text: %s', (_case, filed, answered) => {
    const waiting: OpenRequests = { open: undefined };
    const request = line('tasks/get');
    putOpen(waiting, { direction: 'sent', id: filed, line: request });
    expect(takeOpen(waiting, 'sent', answered)).toBe(request);
  });

  it('a request filed again under an open id replaces the first, which gets no answer', () => {
    const waiting: OpenRequests = { open: undefined };
    const first = line('tasks/get');
    const again = line('tasks/get');
    putOpen(waiting, { direction: 'sent', id: 3, line: first });
    putOpen(waiting, { direction: 'sent', id: 3, line: again });
    expect(waiting.open).toHaveLength(1);
    expect(takeOpen(waiting, 'sent', 3)).toBe(again);
  });

  it('taking one of many keeps the others waiting', () => {
    const waiting: OpenRequests = { open: undefined };
    const lines = [1, 2, 3, 4].map((id) => {
      const request = line(`m${id}`);
      putOpen(waiting, { direction: 'sent', id, line: request });
      return request;
    });
    expect(takeOpen(waiting, 'sent', 2)).toBe(lines[1]);
    expect(takeOpen(waiting, 'sent', 9)).toBeUndefined();
    expect([takeOpen(waiting, 'sent', 4), takeOpen(waiting, 'sent', 1), takeOpen(waiting, 'sent', 3)]).toEqual([lines[3], lines[0], lines[2]]);
    expect(waiting.open).toBeUndefined();
  });
});

describe('trimming lines', () => {
  const numbered = (count: number): LiveLine[] => Array.from({ length: count }, (_, index) => line(`m${index}`));

  it('keeps the first line and the newest, and returns what went, oldest first', () => {
    const lines = numbered(6);
    const dropped = trimLines(lines, 3);
    expect(lines.map((kept) => kept.method)).toEqual(['m0', 'm4', 'm5']);
    expect(dropped.map((gone) => gone.method)).toEqual(['m1', 'm2', 'm3']);
    expect(lines[1]!.droppedBefore).toBe(3);
  });

  it('adds up gaps: a later trim counts the earlier gap of a line it drops, and of the line it keeps', () => {
    const lines = numbered(4);
    trimLines(lines, 3);
    expect(lines.map((kept) => [kept.method, kept.droppedBefore])).toEqual([['m0', undefined], ['m2', 1], ['m3', undefined]]);
    lines.push(line('m4'));
    trimLines(lines, 3);
    expect(lines.map((kept) => [kept.method, kept.droppedBefore])).toEqual([['m0', undefined], ['m3', 2], ['m4', undefined]]);
    lines.push(line('m5'), line('m6'));
    trimLines(lines, 4);
    // m3 stood for two dropped lines and goes itself: three in all before m4.
    expect(lines.map((kept) => [kept.method, kept.droppedBefore])).toEqual([['m0', undefined], ['m4', 3], ['m5', undefined], ['m6', undefined]]);
  });

  it('changes nothing within the bound, and never goes below the first and the newest line', () => {
    const lines = numbered(3);
    expect(trimLines(lines, 3)).toEqual([]);
    expect(lines.every((kept) => kept.droppedBefore === undefined)).toBe(true);
    trimLines(lines, 0);
    expect(lines.map((kept) => [kept.method, kept.droppedBefore])).toEqual([['m0', undefined], ['m2', 1]]);
  });
});

describe('folding a line into the one before', () => {
  const settled = (method: string, fields: Partial<LiveLine>): LiveLine => Object.assign(newLine(0, 'sent', 'request', method), { foldable: true, outcome: 'result', ...fields });

  it('a request answered alike folds; another outcome, summary, method or direction does not', () => {
    const before = settled('tasks/get', { summary: 'working — Step 1' });
    expect(foldsInto(settled('tasks/get', { summary: 'working — Step 1' }), before)).toBe(true);
    expect(foldsInto(settled('tasks/get', { summary: 'working — Step 2' }), before)).toBe(false);
    expect(foldsInto(settled('tasks/get', { summary: 'working — Step 1', outcome: 'error' }), before)).toBe(false);
    expect(foldsInto(settled('tasks/result', { summary: 'working — Step 1' }), before)).toBe(false);
    expect(foldsInto(settled('tasks/get', { summary: 'working — Step 1', direction: 'received' }), before)).toBe(false);
  });

  it('a line after a gap never folds into the line before it: lines not kept came between', () => {
    const before = settled('tasks/get', { summary: 'working' });
    expect(foldsInto(settled('tasks/get', { summary: 'working', droppedBefore: 2 }), before)).toBe(false);
  });

  it('a request still waiting, or a line read back from the store, never folds', () => {
    const before = settled('tasks/get', { summary: 'working' });
    expect(foldsInto(settled('tasks/get', { summary: 'working', foldable: false, outcome: 'pending' }), before)).toBe(false);
    const readBack = toLiveLine(toExchangeLine(before));
    expect(readBack.foldable).toBe(false);
    expect(foldsInto(settled('tasks/get', { summary: 'working' }), readBack)).toBe(false);
  });

  it('progress notifications fold by method alone; other notifications when they say the same', () => {
    const notification = (method: string, summary: string): LiveLine => Object.assign(newLine(0, 'received', 'notification', method), { foldable: true, summary });
    expect(foldsInto(notification('notifications/progress', '2/3'), notification('notifications/progress', '1/3'))).toBe(true);
    expect(foldsInto(notification('notifications/tasks/status', 'working — B'), notification('notifications/tasks/status', 'working — A'))).toBe(false);
    expect(foldsInto(notification('notifications/tasks/status', 'working — A'), notification('notifications/tasks/status', 'working — A'))).toBe(true);
  });
});
