/**
 * The catalogue's part for facts: where the facts the engine records (shared/timeline-facts.ts),
 * in a timeline or as a task's last problem, become words, for the task page, notifications and
 * the terminal client alike. This folder is the app's one message catalogue: a translation
 * replaces its tables, nothing else. Values inside the words (an error's text, a request's kind)
 * are untrusted text: the caller shows the sentence as text, never as markup.
 */
import type { TrackedTask, TimelineEntry } from '../task-model.js';
import { isTimelineFact, type AnswerWay, type TimelineFactKind, type TimelineFactOf } from '../timeline-facts.js';

const ANSWERS: Record<AnswerWay, string> = {
  accepted: 'Answered an input request: accepted',
  declined: 'Declined an input request',
  cancelled: 'Cancelled an input request (closed without choosing)',
  answered: 'Answered an input request',
  replied: 'Answered a sampling request with your reply',
};

/** Every fact's sentence, by kind. */
const MESSAGES: { [K in TimelineFactKind]: (fact: TimelineFactOf<K>) => string } = {
  'call-sent': () => 'Call sent',
  'task-created': () => 'Task created',
  'call-needs-input': () => 'The server needs input before it can run the call',
  'call-answered': ({ toolError }) => (toolError ? 'The server answered the call directly, with a tool error' : 'The server answered the call directly'),
  'call-refused': ({ message, code }) => `The server refused the call: ${message} (error ${code})`,
  'call-interrupted': () => 'Interrupted — the server\'s answer could not be received (the app stopped before it came); the call was not resent.',
  'app-stopped-mid-call': () => 'The app stopped before the server answered this call; its outcome is unknown and it was not resent.',
  'call-outcome-unknown': ({ malformed, detail }) =>
    `${malformed ? 'The server\'s answer to the call could not be understood' : 'No answer to the call'} (${detail}); its outcome is unknown and it was not resent.`,
  'call-cancelled': ({ requestClosed, serverNotified }) => {
    const sent = [requestClosed ? 'its request was closed' : '', serverNotified ? 'the server was sent notifications/cancelled' : ''].filter((part) => part !== '').join(' and ');
    return `You cancelled the call${sent === '' ? '' : `: ${sent}`}. An answer arriving later is ignored.`;
  },
  'call-abandoned-on-decline': ({ request }) => `You declined the server's ${request}, so the call was abandoned; it was not sent again.`,
  'call-stopped-in-round': () => 'You stopped the call while it waited for your input; it was not sent again.',
  'form-changed': ({ serverForm, taskForm }) => `The server now speaks the ${serverForm} task form; this ${taskForm} task cannot be followed.`,
  'cancel-requested': () => 'Cancel requested',
  'cancelled-to-decline': ({ request }) => `Declined the ${request}: this server's protocol has no way to refuse one, so the task was cancelled`,
  'cancel-failed': ({ detail }) => `Cancel failed: ${detail}`,
  'expired-on-server': ({ detail }) => `Expired on the server: ${detail}`,
  'unknown-to-server': ({ detail }) => `The server no longer knows this task: ${detail}`,
  'result-recovered': ({ keptAs, refetched }) =>
    `${keptAs === undefined ? 'The stored result is missing.' : `The stored result was damaged and kept as ${keptAs}.`} ${refetched ? 'It was fetched again from the server.' : 'It could not be fetched again from the server.'}`,
  'input-answered': ({ how }) => ANSWERS[how],
  'input-refused': ({ request }) => `Declined the ${request}: the server was told the user rejected it`,
  'entries-dropped': ({ kept }) => `Earlier entries were dropped: a task keeps its newest ${kept}.`,
  'poll-failed': ({ detail }) => `Asking the server for this task's state failed: ${detail}`,
  'push-refused': ({ detail }) => `An update the server pushed about this task could not be understood and was ignored: ${detail}`,
  'answers-not-sent': ({ detail }) => `Sending your answers failed: ${detail}`,
};

/** The sentence for one fact; a fact this version does not know (or a damaged one) says so, with its kind. */
export function describeTimelineFact(fact: unknown): string {
  if (!isTimelineFact(fact)) {
    const kind = typeof fact === 'object' && fact !== null && typeof (fact as { kind?: unknown }).kind === 'string' ? (fact as { kind: string }).kind : 'none';
    return `An event this version of the app cannot show (kind: ${kind.slice(0, 60)})`;
  }
  return (MESSAGES[fact.kind] as (fact: unknown) => string)(fact);
}

/**
 * What the app said about itself in a timeline entry, or undefined when the entry is the server's
 * alone: its fact phrased, or the sentence an older version saved in `note` (kept as written).
 */
export function describeAppNote(entry: Pick<TimelineEntry, 'fact' | 'note'>): string | undefined {
  if (entry.fact !== undefined) return describeTimelineFact(entry.fact);
  return entry.note;
}

/**
 * What went wrong last while following the task, in words, or undefined when nothing did: its
 * `lastProblem` phrased, or the sentence an older version saved in `lastError` (kept as written).
 */
export function describeLastProblem(task: Pick<TrackedTask, 'lastProblem' | 'lastError'>): string | undefined {
  if (task.lastProblem !== undefined) return describeTimelineFact(task.lastProblem);
  return task.lastError;
}
