import { describe, expect, it } from 'vitest';
import { TIMELINE_CAP, TIMELINE_DROPPED_FACT } from '../../../shared/timeline.js';
import { isTimelineFact, type TimelineFact, type TimelineFactKind, type TimelineFactOf } from '../../../shared/timeline-facts.js';
import { describeAppNote, describeLastProblem, describeTimelineFact } from '../../../shared/messages/fact-messages.js';

/** One fact of every kind, with the sentence the catalogue gives it. */
const SENTENCES: { [K in TimelineFactKind]: [Extract<TimelineFact, { kind: K }>, string][] } = {
  'call-sent': [[{ kind: 'call-sent' }, 'Call sent']],
  'task-created': [[{ kind: 'task-created' }, 'Task created']],
  'call-needs-input': [[{ kind: 'call-needs-input' }, 'The server needs input before it can run the call']],
  'call-answered': [
    [{ kind: 'call-answered', toolError: false }, 'The server answered the call directly'],
    [{ kind: 'call-answered', toolError: true }, 'The server answered the call directly, with a tool error'],
  ],
  'call-refused': [[{ kind: 'call-refused', message: 'No such tool', code: -32602 }, 'The server refused the call: No such tool (error -32602)']],
  'call-interrupted': [[{ kind: 'call-interrupted' }, 'Interrupted — the server\'s answer could not be received (the app stopped before it came); the call was not resent.']],
  'app-stopped-mid-call': [[{ kind: 'app-stopped-mid-call' }, 'The app stopped before the server answered this call; its outcome is unknown and it was not resent.']],
  'call-outcome-unknown': [
    [{ kind: 'call-outcome-unknown', malformed: false, detail: 'timed out' }, 'No answer to the call (timed out); its outcome is unknown and it was not resent.'],
    [{ kind: 'call-outcome-unknown', malformed: true, detail: 'bad JSON' }, 'The server\'s answer to the call could not be understood (bad JSON); its outcome is unknown and it was not resent.'],
  ],
  'call-cancelled': [
    [{ kind: 'call-cancelled', requestClosed: true, serverNotified: true }, 'You cancelled the call: its request was closed and the server was sent notifications/cancelled. An answer arriving later is ignored.'],
    [{ kind: 'call-cancelled', requestClosed: false, serverNotified: true }, 'You cancelled the call: the server was sent notifications/cancelled. An answer arriving later is ignored.'],
    [{ kind: 'call-cancelled', requestClosed: false, serverNotified: false }, 'You cancelled the call. An answer arriving later is ignored.'],
  ],
  'call-abandoned-on-decline': [[{ kind: 'call-abandoned-on-decline', request: 'sampling request' }, 'You declined the server\'s sampling request, so the call was abandoned; it was not sent again.']],
  'call-stopped-in-round': [[{ kind: 'call-stopped-in-round' }, 'You stopped the call while it waited for your input; it was not sent again.']],
  'form-changed': [[{ kind: 'form-changed', serverForm: 'extension', taskForm: 'legacy' }, 'The server now speaks the extension task form; this legacy task cannot be followed.']],
  'cancel-requested': [[{ kind: 'cancel-requested' }, 'Cancel requested']],
  'cancelled-to-decline': [[{ kind: 'cancelled-to-decline', request: 'sampling request' }, 'Declined the sampling request: this server\'s protocol has no way to refuse one, so the task was cancelled']],
  'cancel-failed': [[{ kind: 'cancel-failed', detail: 'Not now' }, 'Cancel failed: Not now']],
  'expired-on-server': [[{ kind: 'expired-on-server', detail: 'Unknown task' }, 'Expired on the server: Unknown task']],
  'unknown-to-server': [[{ kind: 'unknown-to-server', detail: 'Unknown task' }, 'The server no longer knows this task: Unknown task']],
  'result-recovered': [
    [{ kind: 'result-recovered', refetched: true }, 'The stored result is missing. It was fetched again from the server.'],
    [{ kind: 'result-recovered', keptAs: 'result.json.corrupt-1', refetched: false }, 'The stored result was damaged and kept as result.json.corrupt-1. It could not be fetched again from the server.'],
  ],
  'input-answered': [
    [{ kind: 'input-answered', how: 'accepted' }, 'Answered an input request: accepted'],
    [{ kind: 'input-answered', how: 'declined' }, 'Declined an input request'],
    [{ kind: 'input-answered', how: 'cancelled' }, 'Cancelled an input request (closed without choosing)'],
    [{ kind: 'input-answered', how: 'answered' }, 'Answered an input request'],
    [{ kind: 'input-answered', how: 'replied' }, 'Answered a sampling request with your reply'],
  ],
  'input-refused': [[{ kind: 'input-refused', request: 'sampling request' }, 'Declined the sampling request: the server was told the user rejected it']],
  'entries-dropped': [[{ kind: 'entries-dropped', kept: 99 }, 'Earlier entries were dropped: a task keeps its newest 99.']],
  'poll-failed': [[{ kind: 'poll-failed', detail: 'connection reset' }, 'Asking the server for this task\'s state failed: connection reset']],
  'push-refused': [[{ kind: 'push-refused', detail: 'status is missing' }, 'An update the server pushed about this task could not be understood and was ignored: status is missing']],
  'answers-not-sent': [[{ kind: 'answers-not-sent', detail: 'socket hang up' }, 'Sending your answers failed: socket hang up']],
};

describe('the fact message catalogue', () => {
  it.each(Object.values(SENTENCES).flat())('phrases %o', (fact, sentence) => {
    expect(isTimelineFact(fact)).toBe(true);
    expect(describeTimelineFact(fact)).toBe(sentence);
  });

  it('phrases the fact that opens a capped timeline with the number it keeps', () => {
    expect(describeTimelineFact(TIMELINE_DROPPED_FACT)).toBe(`Earlier entries were dropped: a task keeps its newest ${TIMELINE_CAP - 1}.`);
  });

  it.each([
    ['an unknown kind', { kind: 'rebooted-by-a-newer-version' }, 'rebooted-by-a-newer-version'],
    ['a known kind missing a field', { kind: 'cancel-failed' }, 'cancel-failed'],
    ['a field of the wrong type', { kind: 'call-refused', message: 'x', code: '1' }, 'call-refused'],
    ['an answer way it does not know', { kind: 'input-answered', how: 'shouted' }, 'input-answered'],
    ['no kind', { detail: 'x' }, 'none'],
    ['not an object', 'Call sent', 'none'],
  ])('says it cannot show %s, naming the kind', (_label, fact, kind) => {
    expect(isTimelineFact(fact)).toBe(false);
    expect(describeTimelineFact(fact)).toBe(`An event this version of the app cannot show (kind: ${kind})`);
  });

  it('cuts a long unknown kind in what it shows', () => {
    expect(describeTimelineFact({ kind: 'k'.repeat(500) })).toBe(`An event this version of the app cannot show (kind: ${'k'.repeat(60)})`);
  });

  it('types each kind\'s fields: a required one cannot be left out, an optional one can', () => {
    // @ts-expect-error a refusal needs its code
    const refusal: TimelineFactOf<'call-refused'> = { kind: 'call-refused', message: 'x' };
    const missing: TimelineFactOf<'result-recovered'> = { kind: 'result-recovered', refetched: false };
    expect([isTimelineFact(refusal), isTimelineFact(missing)]).toEqual([false, true]);
  });

  it('a fact inherited from the prototype is no known kind', () => {
    expect(isTimelineFact({ kind: 'toString' })).toBe(false);
  });
});

describe('describeAppNote', () => {
  it('phrases the entry\'s fact', () => {
    expect(describeAppNote({ fact: { kind: 'task-created' } })).toBe('Task created');
  });

  it('shows the sentence an older version saved as written', () => {
    expect(describeAppNote({ note: 'Answered (accept)' })).toBe('Answered (accept)');
  });

  it('is undefined for an entry that is the server\'s alone', () => {
    expect(describeAppNote({})).toBeUndefined();
  });
});

describe('describeLastProblem', () => {
  it('phrases the task\'s last problem', () => {
    expect(describeLastProblem({ lastProblem: { kind: 'poll-failed', detail: 'timed out' } })).toBe('Asking the server for this task\'s state failed: timed out');
  });

  it('prefers the fact to a sentence an older version left beside it', () => {
    expect(describeLastProblem({ lastProblem: { kind: 'answers-not-sent', detail: 'x' }, lastError: 'old words' })).toBe('Sending your answers failed: x');
  });

  it('shows the sentence an older version saved as written', () => {
    expect(describeLastProblem({ lastError: 'Request timed out' })).toBe('Request timed out');
  });

  it('is undefined for a task with no problem', () => {
    expect(describeLastProblem({})).toBeUndefined();
  });

  it('says it cannot show a problem of a kind this version does not know', () => {
    expect(describeLastProblem({ lastProblem: { kind: 'disk-on-fire' } })).toBe('An event this version of the app cannot show (kind: disk-on-fire)');
  });
});
