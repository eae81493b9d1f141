/**
 * Questions servers wait on, as the renderer may see them, and the check every answer passes
 * before the engine sends it (SECURITY.md §5). The host runs the schema check itself: the
 * renderer never receives a raw `requestedSchema`, and an accept is re-validated here against the
 * same checked schema (the renderer is not trusted to have done it).
 */
import { ElicitResultSchema, acceptResult, type ElicitResult } from '../../shared/elicitation/elicit-result.js';
import { toFormModel, validateForm, type FormModel } from '../../shared/elicitation/form-model.js';
import { checkRequestedSchema } from '../../shared/elicitation/schema-check.js';
import type { PendingInputView, ServerView } from '../../shared/ipc/contract.js';
import type { PendingInput } from '../../shared/task-model.js';
import { HostError } from './host-error.js';

/** What a pending input asks for, once checked. */
type CheckedInput =
  | { kind: 'form'; message: string; form: FormModel }
  | { kind: 'refusal'; message: string; problems: string[] }
  | { kind: 'unsupported'; description: string; message?: string };

/** Plain descriptions of what this version cannot answer yet (a Map: the method is untrusted). */
const UNSUPPORTED: ReadonlyMap<string, string> = new Map([
  ['sampling/createMessage', 'The server asks for a model completion (sampling). This app cannot answer that yet.'],
  ['roots/list', 'The server asks which folders it may use (roots). This app cannot answer that yet.'],
]);

/** The message of an elicitation, or an empty one when the server sent none. */
function messageOf(params: Record<string, unknown> | undefined): string {
  const message = params?.['message'];
  return typeof message === 'string' ? message : '';
}

/** Runs the schema check on one pending input (the same pure check for the view and the answer). */
export function checkInput(input: PendingInput): CheckedInput {
  const { method, params } = input.request;
  if (method === 'elicitation/create') {
    const mode = params?.['mode'];
    const message = messageOf(params);
    if (mode === undefined || mode === 'form') {
      const checked = checkRequestedSchema(params?.['requestedSchema']);
      return checked.ok ? { kind: 'form', message, form: toFormModel(checked.schema) } : { kind: 'refusal', message, problems: checked.problems };
    }
    if (mode === 'url') return { kind: 'unsupported', message, description: 'The server asks you to open a web page (URL mode). This app cannot show that yet.' };
    return { kind: 'unsupported', message, description: 'The server asks for information in a way this app does not know.' };
  }
  return { kind: 'unsupported', description: UNSUPPORTED.get(method) ?? 'The server sent a request this app does not know.' };
}

/** The names a server goes by: the user's (configured) name first, then its self-reported one. */
function serverNames(serverId: string, servers: readonly ServerView[]): PendingInputView['server'] {
  const view = servers.find((server) => server.id === serverId);
  const reportedName = view?.state?.serverInfo?.name;
  return { name: view?.name ?? serverId, ...(reportedName !== undefined && reportedName !== '' ? { reportedName } : {}) };
}

/** One pending input as the renderer sees it. */
export function toPendingInputView(input: PendingInput, servers: readonly ServerView[]): PendingInputView {
  const common = {
    taskId: input.taskId,
    serverId: input.serverId,
    key: input.key,
    receivedAt: input.receivedAt,
    method: input.request.method,
    server: serverNames(input.serverId, servers),
  };
  const checked = checkInput(input);
  switch (checked.kind) {
    case 'form':
      return { ...common, kind: 'form', message: checked.message, form: checked.form };
    case 'refusal':
      return { ...common, kind: 'refusal', message: checked.message, refusal: { problems: checked.problems } };
    case 'unsupported':
      return { ...common, kind: 'unsupported', description: checked.description, ...(checked.message !== undefined ? { message: checked.message } : {}) };
  }
}

/** Every pending input, oldest first. */
export function toPendingInputViews(inputs: readonly PendingInput[], servers: readonly ServerView[]): PendingInputView[] {
  return [...inputs].sort((a, b) => a.receivedAt - b.receivedAt).map((input) => toPendingInputView(input, servers));
}

/**
 * The answer to send for `input`, or a HostError saying why it is refused: an `ElicitResult`
 * with no stray keys; decline and cancel without content; an accept only to a form inside the
 * subset, with declared properties only, each of its field's own type (numbers as numbers,
 * integers as integers, all finite), passing `validateForm`. The content sent is the one
 * `validateForm` built, not the renderer's object.
 */
export function checkAnswer(input: PendingInput, response: Record<string, unknown>): ElicitResult {
  const checked = checkInput(input);
  if (checked.kind === 'unsupported') throw new HostError('This app cannot answer that kind of request yet.');
  const parsed = ElicitResultSchema.safeParse(response);
  if (!parsed.success) {
    throw new HostError('The answer was refused: it must be accept with content, or decline or cancel without any content.');
  }
  const answer = parsed.data;
  if (answer.action !== 'accept') return answer;
  if (checked.kind === 'refusal') throw new HostError('The answer was refused: this form was not shown, so it can only be declined or cancelled.');
  const fields = new Map(checked.form.fields.map((field) => [field.name, field]));
  const undeclared = Object.keys(answer.content).filter((name) => !fields.has(name));
  if (undeclared.length > 0) throw new HostError(`The answer was refused: it has ${undeclared.length === 1 ? 'a field' : 'fields'} the form does not declare.`);
  for (const [name, value] of Object.entries(answer.content)) {
    const kind = fields.get(name)?.kind;
    // validateField would parse number text; an answer must carry real numbers.
    if ((kind === 'number' || kind === 'integer') && typeof value !== 'number') {
      throw new HostError(`The answer was refused: "${name}" must be a number.`);
    }
  }
  const validation = validateForm(checked.form, answer.content);
  if (!validation.ok) {
    const problems = Object.entries(validation.errors).map(([name, message]) => `${name}: ${message}`);
    throw new HostError(`The answer was refused: ${problems.join(' ')}`);
  }
  return acceptResult(validation.content);
}
