/**
 * Hand checks, without zod, for what browser mode's first screen receives from the host: the
 * frame envelope, the answers of `tasks:head`, `servers:list`, `inputs:list` and `app:info`, and every event's
 * payload (task summaries have their own, faster check: summary-shape.ts, shared/task-shape.ts). The socket bridge
 * checks these frames with them, so the first paint loads no zod (its ~90 kB are most of what
 * the first screen would fetch); every other answer is still checked with the contract's zod
 * schema, loaded when first needed.
 *
 * They are as strict as the contract: two locks keep them equal to it. The types they narrow to
 * must equal the contract's (`SameShape`, a compile error otherwise), and they accept exactly
 * what the contract's schemas accept, field path by field path
 * (test/renderer/bridge/contract-shapes.test.ts). Unknown extra members are kept, not stripped
 * (as over Electron IPC). The contract is imported for its types only, which the build erases.
 */
import { TASK_GROUPS } from '../../shared/inbox-order';
import type { EventChannel, EventPayload, InvokeChannel, InvokeResponse } from '../../shared/ipc/contract';
import type { HostFrame } from '../../shared/ipc/socket-protocol';
import type { SameShape } from '../../shared/ipc/type-agreement';
import { isFileRootUri, MAX_REPORTED_LINE_LENGTH, MAX_ROOT_NAME_LENGTH, MAX_ROOT_URI_LENGTH, MAX_STDERR_LINES } from '../../shared/server-limits';
import {
  arrayOf,
  integerFrom,
  isBoolean,
  isFiniteNumber,
  isSafeInteger,
  isString,
  isUnknown,
  literal,
  maybe,
  objectOf,
  oneOf,
  stringOf,
  unionOf,
  where,
  type Guard,
  type Guarded,
} from '../../shared/shape-guards';
import { isTaskSummaryArray, isTasksUpdatedShaped } from './summary-shape';

// Frames (shared/ipc/socket-protocol.ts).
const isResultFrame = objectOf({
  type: literal('result'),
  id: integerFrom(0),
  result: unionOf(objectOf({ ok: literal(true), value: isUnknown }), objectOf({ ok: literal(false), error: objectOf({ message: isString, code: maybe(isFiniteNumber) }) })),
});
const isEventFrame = objectOf({ type: literal('event'), channel: stringOf({ max: 64 }), payload: isUnknown });

/** True for a frame the host may send: a result of an invoke, or an event (as `HostFrameSchema`). */
export const isHostFrame = unionOf(isResultFrame, isEventFrame);

// Servers (shared/server-config.ts, shared/ipc/server-schemas.ts). The enums are repeated here
// without zod; the `SameShape` locks below fail typecheck the moment a list differs.
const isLogLevel = oneOf(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
const isHttpTransportKind = oneOf(['streamable', 'sse']);
const isRoot = objectOf({ uri: where(stringOf({ max: MAX_ROOT_URI_LENGTH }), isFileRootUri), name: maybe(stringOf({ min: 1, max: MAX_ROOT_NAME_LENGTH })) }, { strict: true });
const isReportedLine = stringOf({ max: MAX_REPORTED_LINE_LENGTH });
const isServerHealth = unionOf(
  objectOf({
    condition: literal('degraded'),
    kind: oneOf(['refused', 'network', 'timeout', 'http-status']),
    httpStatus: maybe(isSafeInteger),
    since: isFiniteNumber,
    detail: isReportedLine,
    failedRequests: integerFrom(1),
  }),
  objectOf({ condition: literal('not-responding'), since: isFiniteNumber, probe: oneOf(['ping', 'server/discover']), pingTimeoutMs: integerFrom(1) }),
);
const isServerState = objectOf({
  id: isString,
  name: isString,
  status: oneOf(['connecting', 'connected', 'reconnecting', 'needs-sign-in', 'failed', 'closed']),
  era: maybe(oneOf(['modern', 'legacy'])),
  protocolVersion: maybe(isString),
  taskSupport: maybe(oneOf(['extension', 'legacy', 'none'])),
  logging: maybe(isBoolean),
  serverInfo: maybe(objectOf({ name: isString, version: maybe(isString) })),
  lastError: maybe(isString),
  health: maybe(isServerHealth),
  exit: maybe(objectOf({ code: maybe(isSafeInteger), signal: maybe(stringOf({ max: 32 })), stderr: arrayOf(isReportedLine, MAX_STDERR_LINES) })),
  failedStarts: maybe(integerFrom(0)),
  nextRetryAt: maybe(isFiniteNumber),
  signIn: maybe(
    objectOf({
      status: oneOf(['needed', 'signing-in', 'signed-in']),
      reason: maybe(oneOf(['first-time', 'expired', 'more-access', 'failed'])),
      scope: maybe(isString),
      issuer: maybe(isString),
      error: maybe(isString),
      authorizationUrl: maybe(isString),
      expiresAt: maybe(isFiniteNumber),
    }),
  ),
  httpTransport: maybe(isHttpTransportKind),
});
const isStrings = arrayOf(isString);

/** True for a server view as the contract defines it (as `ServerViewSchema`). */
export const isServerView = objectOf({
  id: isString,
  name: isString,
  transport: oneOf(['stdio', 'http']),
  command: maybe(isString),
  args: maybe(isStrings),
  envNames: maybe(isStrings),
  lostEnvNames: maybe(isStrings),
  cwd: maybe(isString),
  url: maybe(isString),
  headerNames: maybe(isStrings),
  sessionOnlyHeaderNames: maybe(isStrings),
  httpTransport: maybe(isHttpTransportKind),
  oauth: maybe(objectOf({ clientId: maybe(stringOf({ min: 1, max: 1_000 })), scope: maybe(stringOf({ max: 2_000 })) }, { strict: true })),
  replacedBy: maybe(isString),
  approved: isBoolean,
  disabled: isBoolean,
  approvalDigest: isString,
  origin: oneOf(['default', 'user', 'import', 'config-file', 'command-line']),
  roots: arrayOf(isRoot),
  notificationsMuted: isBoolean,
  logLevel: maybe(isLogLevel),
  state: maybe(isServerState),
});

// Pending inputs (shared/ipc/pending-input-schemas.ts).
const isFormOption = objectOf({ value: isString, label: isString });
const formFieldCommon = { name: isString, label: isString, description: maybe(isString), required: isBoolean };
const maybeNumber = maybe(isFiniteNumber);
const isFormField = unionOf(
  objectOf({
    ...formFieldCommon,
    kind: oneOf(['text', 'email', 'uri', 'date', 'datetime']),
    minLength: maybeNumber,
    maxLength: maybeNumber,
    pattern: maybe(isString),
    initial: maybe(isString),
  }),
  objectOf({ ...formFieldCommon, kind: oneOf(['number', 'integer']), minimum: maybeNumber, maximum: maybeNumber, initial: maybeNumber }),
  objectOf({ ...formFieldCommon, kind: literal('boolean'), initial: maybe(isBoolean) }),
  objectOf({ ...formFieldCommon, kind: literal('select'), options: arrayOf(isFormOption), initial: maybe(isString) }),
  objectOf({ ...formFieldCommon, kind: literal('multiselect'), options: arrayOf(isFormOption), minItems: maybeNumber, maxItems: maybeNumber, initial: maybe(isStrings) }),
);
const isFormModel = objectOf({
  title: maybe(isString),
  description: maybe(isString),
  fields: arrayOf(isFormField),
  notes: isStrings,
  ignored: arrayOf(objectOf({ field: maybe(isString), keywords: isStrings })),
});
const isSamplingParts = arrayOf(unionOf(objectOf({ kind: literal('text'), text: isString }), objectOf({ kind: literal('note'), text: isString })));
const isSamplingModel = unionOf(
  objectOf({
    kind: literal('request'),
    request: objectOf({
      messages: arrayOf(objectOf({ role: oneOf(['user', 'assistant']), parts: isSamplingParts })),
      systemPrompt: maybe(isSamplingParts),
      parameters: objectOf({
        maxTokens: isFiniteNumber,
        temperature: maybeNumber,
        stopSequences: isStrings,
        includeContext: maybe(oneOf(['none', 'thisServer', 'allServers'])),
        modelHints: isStrings,
        priorities: objectOf({ cost: maybeNumber, speed: maybeNumber, intelligence: maybeNumber }),
        tools: isStrings,
        toolChoice: maybe(oneOf(['auto', 'required', 'none'])),
      }),
      notes: isStrings,
    }),
  }),
  objectOf({ kind: literal('refusal'), problems: isStrings }),
);
const pendingInputCommon = {
  localId: maybe(isString),
  serverId: isString,
  key: isString,
  receivedAt: isFiniteNumber,
  method: isString,
  server: objectOf({ name: isString, reportedName: maybe(isString) }),
  queuePlace: maybe(integerFrom(1)),
  held: isBoolean,
  heldAction: maybe(oneOf(['accept', 'decline', 'cancel'])),
  round: maybe(integerFrom(2)),
};

/** True for a pending input view as the contract defines it (as `PendingInputViewSchema`). */
export const isPendingInputView = unionOf(
  objectOf({ ...pendingInputCommon, kind: literal('form'), message: isString, form: isFormModel }),
  objectOf({ ...pendingInputCommon, kind: literal('refusal'), message: isString, refusal: objectOf({ problems: isStrings }) }),
  objectOf({ ...pendingInputCommon, kind: literal('url'), message: isString, url: objectOf({ full: isString, host: isString, warnings: isStrings, canOpen: isBoolean }) }),
  objectOf({ ...pendingInputCommon, kind: literal('roots'), roots: arrayOf(objectOf({ uri: isString, name: maybe(isString) })) }),
  objectOf({ ...pendingInputCommon, kind: literal('sampling'), sampling: isSamplingModel, declineEffect: oneOf(['refuse', 'cancel-task', 'abandon-call']) }),
  objectOf({ ...pendingInputCommon, kind: literal('unsupported'), description: isString, message: maybe(isString) }),
);

/** True for what `app:info` answers (as `AppInfoSchema`). */
export const isAppInfo = objectOf({
  version: isString,
  mode: oneOf(['electron', 'browser']),
  storeProblems: isStrings,
  secretProtection: oneOf(['os-keychain', 'basic_text', 'unavailable']),
  canEditStdio: isBoolean,
  saveProblem: maybe(objectOf({ reason: isString, folder: isString })),
});

/** True for what `tasks:head` answers (as an array of `TaskGroupHeadSchema`). */
export const isTaskGroupHeads = arrayOf(objectOf({ group: oneOf(TASK_GROUPS), count: integerFrom(0), tasks: isTaskSummaryArray }));

const isServerViews = arrayOf(isServerView);
const isPendingInputViews = arrayOf(isPendingInputView);

const answerChecks = {
  'tasks:list': isTaskSummaryArray,
  'tasks:head': isTaskGroupHeads,
  'servers:list': isServerViews,
  'inputs:list': isPendingInputViews,
  'app:info': isAppInfo,
} as const;

/** The checks of the answers the first screen asks for; every other channel's answer goes through the contract's zod schema. */
export const firstScreenAnswers: { readonly [C in InvokeChannel]?: Guard<InvokeResponse<C>> } = answerChecks;

const eventChecks = {
  'tasks:updated': isTasksUpdatedShaped,
  'tasks:removed': objectOf({ localIds: isStrings }),
  'servers:changed': objectOf({ servers: isServerViews }),
  'inputs:changed': objectOf({ inputs: isPendingInputViews }),
  'notifications:raised': objectOf({
    notification: objectOf({ id: isString, localId: maybe(isString), kind: oneOf(['input', 'completed', 'failed', 'summary']), title: stringOf({ max: 200 }), body: stringOf({ max: 1_000 }) }),
  }),
  'notifications:activated': objectOf({ localId: maybe(isString) }),
  'logs:appended': objectOf({ serverIds: isStrings, exchangeLocalIds: isStrings }),
  'app:changed': objectOf({ info: isAppInfo }),
} as const;

/** The check of every event's payload (any may arrive while the first screen is up). */
export const eventShapes: { readonly [E in EventChannel]: Guard<EventPayload<E>> } = eventChecks;

type AnswerChannel = keyof typeof answerChecks;

/**
 * Compile-time proof that the shapes checked here and the contract's types agree, nested fields
 * included (the annotations above only prove that each check narrows to something the type accepts).
 */
const shapesAgree: [
  SameShape<Guarded<typeof isHostFrame>, HostFrame>,
  SameShape<{ [C in AnswerChannel]: Guarded<(typeof answerChecks)[C]> }, { [C in AnswerChannel]: InvokeResponse<C> }>,
  SameShape<{ [E in EventChannel]: Guarded<(typeof eventChecks)[E]> }, { [E in EventChannel]: EventPayload<E> }>,
] = [true, true, true];
void shapesAgree;
