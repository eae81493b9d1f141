/**
 * Asking a person on the terminal (`--answer ask`, or no `--answer` on an interactive terminal):
 * one question at a time, one prompt per form field, prompts on stderr and answers read line by
 * line from stdin (a pipe works too). Everything the server wrote is shown as text
 * (terminal-text.ts); answers are checked with the app's own field rule as they are typed.
 * Nothing is sent that the person did not choose: an empty line keeps a field's default only
 * because the person pressed Enter on it, and the end of input cancels the question.
 */
import { createInterface } from 'node:readline';
import { validateField, validateForm, type FormField, type FormModel } from '../../../shared/elicitation/form-model.js';
import type { SamplingModel } from '../../../shared/sampling/sampling-request.js';
import type { CheckedInput, InputDecision } from './answer-policy.js';
import { printable } from './terminal-text.js';

/** Reads answers; `undefined` once the input has ended. */
export interface LineReader {
  read(prompt: string): Promise<string | undefined>;
  close(): void;
}

/** Where prompts and what the server asks go. */
export interface PromptOutput {
  write(text: string): unknown;
}

/** A LineReader over a stream; lines typed (or piped) ahead of a prompt wait for it, none is lost. */
export function lineReader(input: NodeJS.ReadableStream, output: PromptOutput): LineReader {
  const lines = createInterface({ input, crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    async read(prompt) {
      output.write(prompt);
      const next = await iterator.next();
      return next.done === true ? undefined : next.value;
    },
    close: () => lines.close(),
  };
}

/** Who asks: the user's name for the server first, then what the server calls itself. */
export interface Asker {
  name: string;
  reportedName?: string;
}

/** Most attempts at one field before the question is cancelled. */
const MAX_ATTEMPTS = 5;

/** Asks the person about one checked question and returns what to send. */
export async function askPerson(reader: LineReader, output: PromptOutput, asker: Asker, input: CheckedInput): Promise<InputDecision> {
  const say = (line = ''): void => void output.write(`${line}\n`);
  const who = asker.reportedName === undefined ? printable(asker.name, 100) : `${printable(asker.name, 100)} (calls itself "${printable(asker.reportedName, 100)}")`;
  switch (input.kind) {
    case 'form': {
      say(`\n${who} asks: ${printable(input.message, 1_000)}`);
      for (const note of input.form.notes) say(`  Note: ${note}`);
      const choice = await choose(reader, 'Fill in the form, decline or cancel? [f/d/c] ', ['f', 'd', 'c']);
      if (choice !== 'f') return refusal(choice);
      return fillForm(reader, say, input.form);
    }
    case 'refusal':
      say(`\n${who} sent a form this app will not show:`);
      for (const problem of input.problems) say(`  - ${problem}`);
      return refusal(await choose(reader, 'Decline or cancel? [d/c] ', ['d', 'c']));
    case 'url': {
      say(`\n${who} asks you to open a web page: ${printable(input.message, 1_000)}`);
      say(`  Address: ${printable(input.url.full, 2_048)}`);
      say(`  It really goes to: ${printable(input.url.host, 300)}`);
      for (const warning of input.url.warnings) say(`  Warning: ${warning}`);
      if (!input.url.canOpen) return refusal(await choose(reader, 'This address is not one to open. Decline or cancel? [d/c] ', ['d', 'c']));
      say('  Nothing is opened from here: open it yourself if you agree.');
      const choice = await choose(reader, 'Agree (accept), decline or cancel? [a/d/c] ', ['a', 'd', 'c']);
      return choice === 'a' ? { kind: 'answer', response: { action: 'accept' }, said: 'accepted' } : refusal(choice);
    }
    case 'roots': {
      const listed = input.roots.length === 0 ? 'no folders' : input.roots.map((root) => printable(root.uri, 300)).join(', ');
      say(`\n${who} asks which folders it may work with. Shared with it: ${listed}.`);
      const choice = await choose(reader, 'Send that answer, or decline? [s/d] ', ['s', 'd']);
      return choice === 's' ? { kind: 'answer', response: { roots: input.roots }, said: 'shared-roots' } : { kind: 'decline' };
    }
    case 'sampling':
      say(`\n${who} asks for a reply as if from a model (sampling):`);
      return askReply(reader, say, input.sampling);
    case 'unsupported':
      say(`\n${who}: ${input.description}`);
      return { kind: 'decline', why: input.description };
  }
}

function refusal(choice: string | undefined): InputDecision {
  return choice === 'd'
    ? { kind: 'answer', response: { action: 'decline' }, said: 'declined' }
    : { kind: 'answer', response: { action: 'cancel' }, said: 'cancelled', ...(choice === undefined ? { why: 'the input ended' } : {}) };
}

/** One of `options` (case-insensitive); `undefined` at the end of input or after too many tries. */
async function choose(reader: LineReader, prompt: string, options: string[]): Promise<string | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const line = await reader.read(prompt);
    if (line === undefined) return undefined;
    const answer = line.trim().toLowerCase().slice(0, 1);
    if (options.includes(answer)) return answer;
  }
  return undefined;
}

async function fillForm(reader: LineReader, say: (line?: string) => void, form: FormModel): Promise<InputDecision> {
  if (form.title !== undefined) say(printable(form.title, 300));
  if (form.description !== undefined) say(printable(form.description, 1_000));
  const values: Record<string, unknown> = {};
  for (const field of form.fields) {
    const value = await askField(reader, say, field);
    if (value === CANCELLED) return refusal(undefined);
    if (value !== undefined) values[field.name] = value;
  }
  const validation = validateForm(form, values);
  if (!validation.ok) return { kind: 'answer', response: { action: 'cancel' }, said: 'cancelled', why: 'the answers did not fit the form' };
  return { kind: 'answer', response: { action: 'accept', content: validation.content }, said: 'accepted' };
}

const CANCELLED = Symbol('cancelled');

/** Asks one field until its value fits; `undefined` leaves it empty. */
async function askField(reader: LineReader, say: (line?: string) => void, field: FormField): Promise<unknown> {
  say(`${printable(field.label, 200)}${field.required ? ' (required)' : ''}${field.description === undefined ? '' : `: ${printable(field.description, 500)}`}`);
  if (field.kind === 'select' || field.kind === 'multiselect') {
    field.options.forEach((option, index) => say(`  ${index + 1}) ${printable(option.label, 200)}${option.label === option.value ? '' : ` [${printable(option.value, 100)}]`}`));
  }
  const hint = fieldHint(field);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const line = await reader.read(`  ${hint}> `);
    if (line === undefined) return CANCELLED;
    const value = line.trim() === '' ? field.initial : parseInput(field, line.trim());
    const check = validateField(field, value);
    if (check.ok) return check.value;
    say(`  ${check.message}`);
  }
  return CANCELLED;
}

/** What to type, and the default an empty line keeps. */
function fieldHint(field: FormField): string {
  const initial = field.initial === undefined ? '' : ` (Enter: ${printable(Array.isArray(field.initial) ? field.initial.join(', ') : String(field.initial), 100)})`;
  switch (field.kind) {
    case 'boolean':
      return `yes/no${initial} `;
    case 'select':
      return `number or value${initial} `;
    case 'multiselect':
      return `numbers or values, separated by commas${initial} `;
    default:
      return initial === '' ? '' : `${initial.trim()} `;
  }
}

/** A typed line as the field's value: yes/no, option numbers, comma lists; text (and number text) as typed. */
function parseInput(field: FormField, text: string): unknown {
  switch (field.kind) {
    case 'boolean': {
      const word = text.toLowerCase();
      return word === 'y' || word === 'yes' ? true : word === 'n' || word === 'no' ? false : text;
    }
    case 'select':
      return optionValue(field.options, text);
    case 'multiselect':
      return text.split(',').map((part) => optionValue(field.options, part.trim()));
    default:
      return text;
  }
}

function optionValue(options: readonly { value: string }[], text: string): string {
  const index = /^\d+$/u.test(text) ? Number(text) - 1 : -1;
  return options[index]?.value ?? text;
}

/** Shows a sampling request and reads the person's reply; an empty reply declines it. */
async function askReply(reader: LineReader, say: (line?: string) => void, sampling: SamplingModel): Promise<InputDecision> {
  if (sampling.kind === 'refusal') {
    for (const problem of sampling.problems) say(`  - ${problem}`);
    say('  This request cannot be answered; it is declined.');
    return { kind: 'decline', why: 'the app refuses this request' };
  }
  const { request } = sampling;
  if (request.systemPrompt !== undefined) say(`  System prompt: ${request.systemPrompt.map((part) => printable(part.text, 2_000)).join(' ')}`);
  for (const message of request.messages) say(`  ${message.role}: ${message.parts.map((part) => printable(part.text, 5_000)).join(' ')}`);
  for (const note of request.notes) say(`  Note: ${note}`);
  const reply = await reader.read('Your reply, one line (empty: decline): ');
  if (reply === undefined || reply.trim() === '') return { kind: 'decline' };
  // The host's answer check builds the CreateMessageResult (and refuses an over-long reply).
  return { kind: 'answer', response: { action: 'accept', reply }, said: 'replied' };
}
