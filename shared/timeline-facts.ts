/**
 * What the app itself did or concluded about a task, as facts: a kind and its values, never a
 * sentence. The engine writes them into the task's timeline and as its last problem (and so to
 * disk); whoever shows them phrases them through the one catalogue, shared/messages/
 * (docs/architecture.md#timeline-facts). Values that come from elsewhere (an error's text, a
 * server's method name) are untrusted text, shown as such. Pure and free of zod.
 */
import { isBoolean, isFiniteNumber, isString, oneOf, type Guard } from './shape-guards.js';
import { isJsonObject } from './json-guards.js';

/** How the user answered one question, as the timeline records it (never the values typed). */
export const ANSWER_WAYS = ['accepted', 'declined', 'cancelled', 'answered', 'replied'] as const;
export type AnswerWay = (typeof ANSWER_WAYS)[number];

/** The task forms a fact can name (as `TaskForm`; kept here so this module needs no zod). */
const FORMS = ['extension', 'legacy'] as const;

/** A field's check: a required field's guard, or `{ optional: guard }` for one a fact may leave out. */
type FieldCheck = Guard<unknown> | { optional: Guard<unknown> };

/** Each fact's fields and the check of each, by kind: the one definition the type and the guard are read from. */
const FACT_FIELDS = {
  /** A `tools/call` that may create a task was sent. */
  'call-sent': {},
  /** The server answered the call with a task handle. */
  'task-created': {},
  /** The server asked for input before it runs the call (MRTR). */
  'call-needs-input': {},
  /** The server answered the call itself, without a task; `toolError`: with `isError: true`. */
  'call-answered': { toolError: isBoolean },
  /** The server refused the call with a JSON-RPC error. */
  'call-refused': { message: isString, code: isFiniteNumber },
  /** A plain call (no task can come of it) whose answer the app stopped before receiving. */
  'call-interrupted': {},
  /** A call that may have become a task, in flight when the app stopped: outcome unknown. */
  'app-stopped-mid-call': {},
  /** No answer to the call came (`malformed`: one came that could not be understood); `detail` says what happened. */
  'call-outcome-unknown': { malformed: isBoolean, detail: isString },
  /** The user cancelled a call on the wire: what the server was sent. */
  'call-cancelled': { requestClosed: isBoolean, serverNotified: isBoolean },
  /** The user declined a question of a call waiting for input (`request`: which kind), so the call was given up. */
  'call-abandoned-on-decline': { request: isString },
  /** The user stopped a call while it waited for input. */
  'call-stopped-in-round': {},
  /** The server now speaks another task form than the task's: it cannot be followed. */
  'form-changed': { serverForm: oneOf(FORMS), taskForm: oneOf(FORMS) },
  /** The user asked to cancel the task. */
  'cancel-requested': {},
  /** The user declined a question the task's form cannot refuse (`request`: which kind), so the task was cancelled. */
  'cancelled-to-decline': { request: isString },
  /** The cancel request failed (`detail`: why); the task runs on. */
  'cancel-failed': { detail: isString },
  /** The server no longer knows the task and its time to live had run out by the local clock. */
  'expired-on-server': { detail: isString },
  /** The server no longer knows the task (a restart forgot it, say). */
  'unknown-to-server': { detail: isString },
  /** The stored result was missing (no `keptAs`), or damaged and kept aside as `keptAs`; `refetched`: the server gave it again. */
  'result-recovered': { keptAs: { optional: isString }, refetched: isBoolean },
  /** The user answered a question (`how`: its action, or a roots list / sampling reply). */
  'input-answered': { how: oneOf(ANSWER_WAYS) },
  /** The user declined a server's request (`request`: which kind); the server was told so. */
  'input-refused': { request: isString },
  /** The timeline's oldest entries were dropped; it keeps its newest `kept`. */
  'entries-dropped': { kept: isFiniteNumber },
  /** A problem, not an event: asking the server for the task's state failed (`detail`: the error); the next poll retries. */
  'poll-failed': { detail: isString },
  /** A problem: a pushed update about the task could not be understood and was refused (`detail`: what was wrong). */
  'push-refused': { detail: isString },
  /** A problem: the user's answers could not be sent to the server (`detail`: the error). */
  'answers-not-sent': { detail: isString },
} satisfies Record<string, Record<string, FieldCheck>>;

/** The kinds of fact the app knows. */
export type TimelineFactKind = keyof typeof FACT_FIELDS;

type Spec<K extends TimelineFactKind> = (typeof FACT_FIELDS)[K];
type Fields<K extends TimelineFactKind> =
  & { -readonly [F in keyof Spec<K> as Spec<K>[F] extends Guard<unknown> ? F : never]: Spec<K>[F] extends Guard<infer T> ? T : never }
  & { -readonly [F in keyof Spec<K> as Spec<K>[F] extends { optional: Guard<unknown> } ? F : never]?: Spec<K>[F] extends { optional: Guard<infer T> } ? T : never };

/** One fact, by kind (see FACT_FIELDS for what each means). */
export type TimelineFact = { [K in TimelineFactKind]: { kind: K } & Fields<K> }[TimelineFactKind];

/** A fact of the given kind. */
export type TimelineFactOf<K extends TimelineFactKind> = Extract<TimelineFact, { kind: K }>;

/**
 * True when `value` is a fact this version knows, its fields as its kind requires. A timeline
 * may hold others (written by a newer version, or damaged): they are kept, and shown as unknown.
 */
export function isTimelineFact(value: unknown): value is TimelineFact {
  if (!isJsonObject(value) || !isString(value.kind) || !Object.hasOwn(FACT_FIELDS, value.kind)) return false;
  const fields: Record<string, FieldCheck> = FACT_FIELDS[value.kind as TimelineFactKind];
  return Object.entries(fields).every(([field, check]) =>
    (typeof check === 'function' ? check(value[field]) : value[field] === undefined || check.optional(value[field])));
}

/** Why a call waiting for input was given up. */
export type AbandonFact = TimelineFactOf<'call-abandoned-on-decline' | 'call-stopped-in-round'>;
/** Why the user's cancel of a task was sent. */
export type CancelFact = TimelineFactOf<'cancel-requested' | 'cancelled-to-decline'>;
/**
 * What went wrong last while following a task, kept as its `lastProblem` until the next success:
 * a failed exchange, or why a call ended without an outcome.
 */
export type ProblemFact = TimelineFactOf<'poll-failed' | 'push-refused' | 'answers-not-sent' | 'call-outcome-unknown' | 'call-abandoned-on-decline' | 'call-stopped-in-round'>;
/** What the user did with a question, as its answer's fact. */
export type AnswerFact = TimelineFactOf<'input-answered' | 'input-refused'>;
