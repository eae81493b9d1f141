/**
 * How the terminal client answers a server's questions without a person, chosen with
 * `--answer`. Choosing a policy is the user's explicit decision for this command, so answering
 * by it is not an auto-submit; what a policy cannot answer truthfully it never makes up: a form
 * is accepted only with values the app's own form check (shared/elicitation) lets through, from
 * a form the app would show at all, and web-page consent or a model's reply is never given on a
 * person's behalf.
 */
import { readFile } from 'node:fs/promises';
import { validateForm, type FormModel } from '../../../shared/elicitation/form-model.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import type { checkInput } from '../../host/input-views.js';
import { UsageError } from './cli-errors.js';

/** Longest answers file read. */
const MAX_ANSWERS_BYTES = 100_000;

/** What `--answer` chose (or what its absence means). */
export type AnswerPolicy =
  | { kind: 'decline' }
  | { kind: 'cancel' }
  | { kind: 'defaults' }
  /** Field values by field name, from a JSON file; the form's defaults fill the rest. */
  | { kind: 'file'; file: string; values: Readonly<Record<string, unknown>> }
  /** Ask on this terminal: prompts on stderr, answers read from stdin line by line. */
  | { kind: 'ask' }
  /** No `--answer` and no terminal: nobody can choose, so nothing is accepted. */
  | { kind: 'nobody' };

/** A pending input after the host's check (the same one the app's answers pass). */
export type CheckedInput = ReturnType<typeof checkInput>;

/** What to do with one question. `answer` goes to the engine after the host's answer check. */
export type InputDecision =
  | { kind: 'answer'; response: Record<string, unknown>; said: Said; why?: string }
  /** Engine.declineInput: a refusal where the answer shape has none (sampling, roots, unknown kinds). */
  | { kind: 'decline'; why?: string }
  | { kind: 'ask' };

/** How a question was answered, in one word (the `answer` of a JSON line). */
export type Said = 'accepted' | 'declined' | 'cancelled' | 'replied' | 'shared-roots';

export const ANSWER_POLICY_HELP = `Questions from servers (--answer <policy>):
  decline      decline every question
  cancel       cancel every question (dismissed without a choice)
  defaults     accept a form with the server's default values, if the app's form check accepts
               the form and the defaults fill every required field; otherwise cancel it
  @<file>      accept a form with the values in <file> (a JSON object of field names and
               values; the form's defaults fill the rest), under the same conditions
  ask          ask on this terminal, one field at a time (stdin may be a pipe)
  Without --answer, a terminal asks (as "ask"); with no terminal, every question is cancelled
  and said so on stderr. No policy consents to open a web page or writes a model's reply for
  you: under the policies those are cancelled (a sampling request, which cannot be cancelled,
  is declined: on the tasks extension that cancels the task). A request for shared folders
  (roots) is answered with none under defaults and @<file>, declined under decline and cancel.`;

/** Reads `--answer`; `isTerminal` says whether stdin is an interactive terminal. */
export async function readAnswerPolicy(text: string | undefined, isTerminal: boolean): Promise<AnswerPolicy> {
  if (text === undefined) return isTerminal ? { kind: 'ask' } : { kind: 'nobody' };
  if (text === 'decline' || text === 'cancel' || text === 'defaults' || text === 'ask') return { kind: text };
  if (!text.startsWith('@') || text.length === 1) throw new UsageError(`--answer ${JSON.stringify(text)}: say decline, cancel, defaults, ask or @<file>.`);
  const file = text.slice(1);
  let content: string;
  try {
    const buffer = await readFile(file);
    if (buffer.length > MAX_ANSWERS_BYTES) throw new UsageError(`--answer ${text}: the file is larger than ${MAX_ANSWERS_BYTES} bytes.`);
    content = buffer.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--answer ${text}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let values: unknown;
  try {
    values = JSON.parse(content);
  } catch {
    throw new UsageError(`--answer ${text}: the file is not valid JSON.`);
  }
  if (!isJsonObject(values)) {
    throw new UsageError(`--answer ${text}: the file must hold one JSON object of field names and values.`);
  }
  return { kind: 'file', file, values };
}

/** Why nothing was accepted when nobody could be asked. */
const NOBODY = 'no --answer policy was given and there is no terminal to ask on';

/** The decision a policy makes for one checked question (`ask` leaves it to the prompt). */
export function decide(policy: AnswerPolicy, input: CheckedInput): InputDecision {
  if (policy.kind === 'ask') return { kind: 'ask' };
  switch (input.kind) {
    case 'form':
      if (policy.kind === 'defaults' || policy.kind === 'file') return acceptForm(input.form, policy.kind === 'file' ? policy.values : {});
      return refuseForm(policy);
    case 'refusal':
    case 'url':
      // Nothing to accept: a form the app refuses, or a web page only a person may agree to open.
      return refuseForm(policy, input.kind === 'refusal' ? `the app refuses this form: ${input.problems.join(' ')}` : 'only a person can agree to open a web page');
    case 'roots':
      if (policy.kind === 'defaults' || policy.kind === 'file') return { kind: 'answer', response: { roots: input.roots }, said: 'shared-roots' };
      return { kind: 'decline', ...(policy.kind === 'nobody' ? { why: NOBODY } : {}) };
    case 'sampling':
      return { kind: 'decline', why: policy.kind === 'nobody' ? NOBODY : 'only a person writes a reply for the model' };
    case 'unsupported':
      return { kind: 'decline', why: input.description };
  }
}

/** Decline under `decline`, cancel under every other policy; `why` says what kept us from accepting. */
function refuseForm(policy: AnswerPolicy, why?: string): InputDecision {
  if (policy.kind === 'decline') return { kind: 'answer', response: { action: 'decline' }, said: 'declined' };
  const reason = policy.kind === 'nobody' ? NOBODY : why;
  return { kind: 'answer', response: { action: 'cancel' }, said: 'cancelled', ...(reason !== undefined ? { why: reason } : {}) };
}

/**
 * Accepts with the form's defaults overlaid by `given` (declared fields only), if the form's own
 * check passes; otherwise cancels and says which fields did not fit.
 */
function acceptForm(form: FormModel, given: Readonly<Record<string, unknown>>): InputDecision {
  const values: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (Object.hasOwn(given, field.name)) values[field.name] = given[field.name];
    else if (field.initial !== undefined) values[field.name] = field.initial;
  }
  const validation = validateForm(form, values);
  if (validation.ok) return { kind: 'answer', response: { action: 'accept', content: validation.content }, said: 'accepted' };
  const problems = Object.entries(validation.errors).map(([name, message]) => `${name}: ${message}`).join(' ');
  return { kind: 'answer', response: { action: 'cancel' }, said: 'cancelled', why: `the form could not be filled in: ${problems}` };
}
