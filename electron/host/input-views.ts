/**
 * Questions servers wait on, as the renderer may see them, and the check every answer passes
 * before the engine sends it (docs/security.md#answers). The host runs the schema check itself: the
 * renderer never receives a raw `requestedSchema`, and an accept is re-validated here against the
 * same checked schema (the renderer is not trusted to have done it).
 */
import { z } from 'zod';
import { ElicitResultSchema, acceptResult, type ElicitResult } from '../../shared/elicitation/elicit-result.js';
import { toFormModel, validateForm, type FormModel } from '../../shared/elicitation/form-model.js';
import { checkRequestedSchema } from '../../shared/elicitation/schema-check.js';
import { checkSamplingRequest, type SamplingModel } from '../../shared/sampling/sampling-request.js';
import { humanSamplingResult, type HumanCreateMessageResult } from '../../shared/sampling/sampling-result.js';
import type { PendingInputView, ServerView } from '../../shared/ipc/contract.js';
import type { Root } from '../../shared/server-config.js';
import type { PendingInput } from '../../shared/task-model.js';
import { externalUrlVerdict, MAX_URL_LENGTH, readUrl } from '../../shared/url-policy.js';
import { HostError } from './host-error.js';
import { queuePlaces } from './input-queue.js';

/** What a pending input asks for, once checked. */
type CheckedInput =
  | { kind: 'form'; message: string; form: FormModel }
  | { kind: 'refusal'; message: string; problems: string[] }
  | { kind: 'url'; message: string; url: UrlFacts }
  | { kind: 'roots'; roots: Root[] }
  | { kind: 'sampling'; sampling: SamplingModel }
  | { kind: 'unsupported'; description: string; message?: string };

/** What the user must see of a URL-mode URL before consenting (docs/protocol-notes.md#url-mode, docs/security.md#url-mode). */
export interface UrlFacts {
  /** The URL exactly as sent. */
  full: string;
  /** The host `URL` parses out of it: the real one after any `user@` prefix, punycode kept as-is. */
  host: string;
  warnings: string[];
  /** Whether the app would open it (the rule of shared/url-policy.ts); otherwise Decline/Cancel only. */
  canOpen: boolean;
}

/**
 * The roots the user configured for a server (on the Servers screen): none unless set — said
 * plainly in the view — and none for a server no longer configured.
 */
function configuredRoots(serverId: string, servers: readonly ServerView[]): Root[] {
  return servers.find((server) => server.id === serverId)?.roots ?? [];
}

/**
 * Reads a URL-mode URL without fetching anything: its real host and the reasons to be careful.
 * `canOpen` is the verdict of the rule the Electron shell applies when it opens a URL
 * (shared/url-policy.ts): https, or http to loopback; no user info; nothing hidden.
 */
export function inspectUrl(raw: unknown): UrlFacts {
  const full = typeof raw === 'string' ? raw : '';
  const url = readUrl(full);
  const warnings: string[] = [];
  if (url.hidden) warnings.push('The address contains spaces, control characters or invisible characters, which can hide where it really goes.');
  if (!url.absolute) {
    warnings.push('This is not a valid web address. It cannot be opened.');
    return { full, host: '', warnings, canOpen: false };
  }
  if (url.transport === 'http') warnings.push('The address is not encrypted (http, not https). This app opens only https addresses.');
  if (url.transport === 'other') warnings.push(`The address uses "${url.protocol}", not a web page. This app opens only https addresses.`);
  if (url.userInfo) {
    warnings.push(`The address has text before an "@" that makes it look like another site. It really goes to ${url.host}. This app will not open such addresses.`);
  }
  if (url.punycode) warnings.push('The host name is written in punycode (labels starting with "xn--"): it may imitate a familiar name with look-alike letters.');
  if (url.ipHost && url.transport !== 'loopback-http') warnings.push('The host is a bare IP address, not a name.');
  if (full.length > MAX_URL_LENGTH) warnings.push('The address is too long to open.');
  return { full, host: url.host, warnings, canOpen: externalUrlVerdict(url).ok };
}

/** The message of an elicitation, or an empty one when the server sent none. */
function messageOf(params: Record<string, unknown> | undefined): string {
  const message = params?.['message'];
  return typeof message === 'string' ? message : '';
}

/**
 * Runs the schema check on one pending input (the same pure check for the view and the answer).
 * `servers` gives the roots configured for the asking server; without them a roots request has none.
 */
export function checkInput(input: PendingInput, servers: readonly ServerView[] = []): CheckedInput {
  const { method, params } = input.request;
  if (method === 'elicitation/create') {
    const mode = params?.['mode'];
    const message = messageOf(params);
    if (mode === undefined || mode === 'form') {
      const checked = checkRequestedSchema(params?.['requestedSchema']);
      return checked.ok ? { kind: 'form', message, form: toFormModel(checked.schema) } : { kind: 'refusal', message, problems: checked.problems };
    }
    if (mode === 'url') return { kind: 'url', message, url: inspectUrl(params?.['url']) };
    return { kind: 'unsupported', message, description: 'The server asks for information in a way this app does not know.' };
  }
  if (method === 'roots/list') return { kind: 'roots', roots: configuredRoots(input.serverId, servers) };
  // A person answers for the model (there is no model here): see shared/sampling/.
  if (method === 'sampling/createMessage') return { kind: 'sampling', sampling: checkSamplingRequest(params) };
  return { kind: 'unsupported', description: 'The server sent a request this app does not know.' };
}

/** The names a server goes by: the user's (configured) name first, then its self-reported one. */
function serverNames(serverId: string, servers: readonly ServerView[]): PendingInputView['server'] {
  const view = servers.find((server) => server.id === serverId);
  const reportedName = view?.state?.serverInfo?.name;
  return { name: view?.name ?? serverId, ...(reportedName !== undefined && reportedName !== '' ? { reportedName } : {}) };
}

/** One pending input as the renderer sees it; `queuePlace` when it waits behind its server's open questions. */
export function toPendingInputView(input: PendingInput, servers: readonly ServerView[], queuePlace?: number): PendingInputView {
  const common = {
    ...(input.localId !== undefined ? { localId: input.localId } : {}),
    serverId: input.serverId,
    key: input.key,
    receivedAt: input.receivedAt,
    method: input.request.method,
    server: serverNames(input.serverId, servers),
    ...(queuePlace !== undefined ? { queuePlace } : {}),
    held: input.held === true,
    ...(input.heldAction !== undefined ? { heldAction: input.heldAction } : {}),
    ...(input.round !== undefined ? { round: input.round } : {}),
  };
  const checked = checkInput(input, servers);
  switch (checked.kind) {
    case 'form':
      return { ...common, kind: 'form', message: checked.message, form: checked.form };
    case 'refusal':
      return { ...common, kind: 'refusal', message: checked.message, refusal: { problems: checked.problems } };
    case 'url':
      return { ...common, kind: 'url', message: checked.message, url: checked.url };
    case 'roots':
      return { ...common, kind: 'roots', roots: checked.roots };
    case 'sampling':
      // The engine sets the effect on every input it files; `refuse` is what a bare request means.
      return { ...common, kind: 'sampling', sampling: checked.sampling, declineEffect: input.declineEffect ?? 'refuse' };
    case 'unsupported':
      return { ...common, kind: 'unsupported', description: checked.description, ...(checked.message !== undefined ? { message: checked.message } : {}) };
  }
}

/** Every pending input, oldest first, those beyond a server's open limit marked with their place in line. */
export function toPendingInputViews(inputs: readonly PendingInput[], servers: readonly ServerView[]): PendingInputView[] {
  const places = queuePlaces(inputs);
  return [...inputs].sort((a, b) => a.receivedAt - b.receivedAt).map((input) => toPendingInputView(input, servers, places.get(input)));
}

/** A URL-mode `ElicitResult`: never any content (docs/protocol-notes.md#the-answer-elicitresult). */
const UrlElicitResultSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept') }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);
type UrlElicitResult = z.infer<typeof UrlElicitResultSchema>;

/** What the host sends for a pending input. */
export type InputAnswer = ElicitResult | UrlElicitResult | { roots: Root[] } | HumanCreateMessageResult;

/** What the renderer sends for a sampling request: the person's reply, or a decline (the host builds the wire answer). */
const SamplingAnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), reply: z.string() }),
  z.strictObject({ action: z.literal('decline') }),
]);

/**
 * True when `response` declines a sampling request: that is not an answer to send but
 * `Engine.declineInput`, whose effect depends on the path the request came by.
 */
export function isSamplingDecline(input: PendingInput, response: Record<string, unknown>): boolean {
  if (input.request.method !== 'sampling/createMessage') return false;
  const parsed = SamplingAnswerSchema.safeParse(response);
  return parsed.success && parsed.data.action === 'decline';
}

/** A sampling reply: a `CreateMessageResult` the host builds from the text; refused for a request that was not shown. */
function checkSamplingAnswer(sampling: SamplingModel, response: Record<string, unknown>): HumanCreateMessageResult {
  const parsed = SamplingAnswerSchema.safeParse(response);
  if (!parsed.success) throw new HostError('The answer was refused: a sampling request is answered with a reply text, or declined.');
  if (parsed.data.action === 'decline') throw new HostError('A declined sampling request is not an answer: the host declines it through the engine.');
  if (sampling.kind === 'refusal') throw new HostError('The answer was refused: this request was not shown, so it can only be declined.');
  const built = humanSamplingResult(parsed.data.reply);
  if (!built.ok) throw new HostError(`The answer was refused: ${built.problem}`);
  return built.result;
}

/** A `roots/list` answer: exactly the configured roots, nothing the renderer made up. */
function checkRootsAnswer(configured: Root[], response: Record<string, unknown>): { roots: Root[] } {
  const parsed = z.strictObject({ roots: z.array(z.strictObject({ uri: z.string(), name: z.string().optional() })) }).safeParse(response);
  if (!parsed.success || JSON.stringify(parsed.data.roots) !== JSON.stringify(configured)) {
    throw new HostError('The answer was refused: a roots request is answered only with the roots configured for this server.');
  }
  return { roots: configured };
}

/** A URL-mode answer: accept (consent to open; refused for a URL the app will not open), decline or cancel; never content. */
function checkUrlAnswer(url: UrlFacts, response: Record<string, unknown>): UrlElicitResult {
  const parsed = UrlElicitResultSchema.safeParse(response);
  if (!parsed.success) throw new HostError('The answer was refused: a web-page request is answered with accept, decline or cancel, without any content.');
  if (parsed.data.action === 'accept' && !url.canOpen) throw new HostError('The answer was refused: this app will not open that address, so it can only be declined or cancelled.');
  return parsed.data;
}

/** The URL of a pending URL-mode question, if `input` is one this app would open. */
export function openableUrlOf(input: PendingInput): string | undefined {
  const checked = checkInput(input);
  return checked.kind === 'url' && checked.url.canOpen ? checked.url.full : undefined;
}

/**
 * The answer to send for `input`, or a HostError saying why it is refused: an `ElicitResult`
 * with no stray keys; decline and cancel without content; an accept only to a form inside the
 * subset, with declared properties only, each of its field's own type (numbers as numbers,
 * integers as integers, all finite), passing `validateForm`. The content sent is the one
 * `validateForm` built, not the renderer's object. A roots answer must be exactly the roots
 * `servers` configure for the asking server (none without `servers`).
 */
export function checkAnswer(input: PendingInput, response: Record<string, unknown>, servers: readonly ServerView[] = []): InputAnswer {
  const checked = checkInput(input, servers);
  if (checked.kind === 'unsupported') throw new HostError('This app cannot answer that kind of request yet.');
  if (checked.kind === 'url') return checkUrlAnswer(checked.url, response);
  if (checked.kind === 'roots') return checkRootsAnswer(checked.roots, response);
  if (checked.kind === 'sampling') return checkSamplingAnswer(checked.sampling, response);
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
