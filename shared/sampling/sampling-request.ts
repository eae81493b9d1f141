/**
 * The trust boundary for a server's `sampling/createMessage` params (untrusted), answered here by
 * a person instead of a model. `checkSamplingRequest` turns them into what the user reads: the
 * conversation, the system prompt and the request's parameters (2025-11-25 `CreateMessageRequest`,
 * docs/protocol-notes.md#mrtr-tool-calls-that-need-input and
 * docs/protocol-notes.md#sampling-and-roots).
 *
 * Rules:
 * - Text (messages, system prompt, stop sequences, names) is kept exactly as sent, control and
 *   bidi characters included, like elicitation prose: the UI renders it as text and makes hidden
 *   characters visible (docs/security.md#untrusted-text). Long text is cut with a visible note,
 *   never silently.
 * - Images and audio are never decoded or rendered: they become facts ("image, image/png, 12 KB").
 *   Tool use, tool results and parts of unknown kinds are described in plain words; the app's own
 *   sentences quote server strings through `quote` (short, hidden characters written out).
 * - Malformed params (no messages, a role other than user/assistant, no usable maxTokens, a
 *   wrong-typed field) are refused with every problem found: such a request is only declined.
 * - Everything is read with own-property lookups and copied into fresh objects: nothing inherited
 *   or stray travels on, whatever keys (`__proto__`, `constructor`) the server used.
 */
import { isJsonObject } from '../json-guards.js';
import { cutText, quote } from '../quoted-text.js';

/** Size limits of what is shown (UTF-16 units for lengths). */
export const SAMPLING_LIMITS = {
  /** Messages shown: the newest ones, the earlier ones counted in a note. */
  messages: 50,
  /** Parts shown per message. */
  partsPerMessage: 20,
  /** Characters of one text part (or the system prompt) before it is cut. */
  textLength: 20_000,
  /** Characters of text shown in all (system prompt and conversation together). */
  totalText: 100_000,
  /** Model hints, stop sequences and tool names shown. */
  listItems: 10,
  tools: 50,
  /** Characters of one stop sequence, hint or tool name. */
  nameLength: 200,
  /** Problems listed for a refused request. */
  problems: 20,
} as const;

/** One piece of a message: the server's text, or the app's own sentence about something not shown. */
export type SamplingPart = { kind: 'text'; text: string } | { kind: 'note'; text: string };

export type SamplingRole = 'user' | 'assistant';

export interface SamplingMessage {
  role: SamplingRole;
  parts: SamplingPart[];
}

export type IncludeContext = 'none' | 'thisServer' | 'allServers';
export type ToolChoiceMode = 'auto' | 'required' | 'none';

/** The request's parameters, as the user reads them. */
export interface SamplingParameters {
  maxTokens: number;
  temperature?: number;
  stopSequences: string[];
  includeContext?: IncludeContext;
  /** Model names the server suggests, in its order of preference. */
  modelHints: string[];
  /** The server's priorities, each 0 (unimportant) to 1 (most important). */
  priorities: { cost?: number; speed?: number; intelligence?: number };
  /** Names of the tools the server offers the model (2025-11-25 `tools`). */
  tools: string[];
  toolChoice?: ToolChoiceMode;
}

/** An accepted request: what the user reads before writing the reply. */
export interface SamplingRequestModel {
  messages: SamplingMessage[];
  /** Absent when the server sent none. */
  systemPrompt?: SamplingPart[];
  parameters: SamplingParameters;
  /** What was left out or is worth knowing (earlier messages not shown, metadata...). */
  notes: string[];
}

/** The outcome of `checkSamplingRequest`: the request to show, or the reasons it is refused. */
export type SamplingModel = { kind: 'request'; request: SamplingRequestModel } | { kind: 'refusal'; problems: string[] };

type Json = Record<string, unknown>;

const ROLES: ReadonlyMap<unknown, SamplingRole> = new Map([['user', 'user'], ['assistant', 'assistant']]);
const INCLUDE_CONTEXT: ReadonlyMap<unknown, IncludeContext> = new Map([['none', 'none'], ['thisServer', 'thisServer'], ['allServers', 'allServers']]);
const TOOL_CHOICE: ReadonlyMap<unknown, ToolChoiceMode> = new Map([['auto', 'auto'], ['required', 'required'], ['none', 'none']]);
const MEDIA_KINDS: ReadonlyMap<unknown, string> = new Map([['image', 'image'], ['audio', 'audio']]);

/** How much text may still be shown; shared by the system prompt and every message. */
interface TextBudget {
  left: number;
}

/**
 * Checks untrusted `sampling/createMessage` params. Never throws. A refusal lists every problem
 * found (at most `SAMPLING_LIMITS.problems`), each naming where it is.
 */
export function checkSamplingRequest(raw: unknown): SamplingModel {
  if (!isJsonObject(raw)) return { kind: 'refusal', problems: ['The request has no parameters.'] };
  const problems: string[] = [];
  const notes: string[] = [];
  const budget: TextBudget = { left: SAMPLING_LIMITS.totalText };

  const systemPromptRaw = get(raw, 'systemPrompt');
  let systemPrompt: SamplingPart[] | undefined;
  if (typeof systemPromptRaw === 'string') systemPrompt = textParts(systemPromptRaw, budget);
  else if (systemPromptRaw !== undefined) problems.push('The system prompt is not text.');

  const messages = checkMessages(get(raw, 'messages'), budget, problems, notes);
  const parameters = checkParameters(raw, problems, notes);
  if (isJsonObject(get(raw, 'metadata')) && Object.keys(get(raw, 'metadata') as Json).length > 0) {
    notes.push('The request also carries metadata meant for the model provider; it is not shown.');
  }
  if (problems.length > 0 || parameters === undefined) {
    const shown = problems.slice(0, SAMPLING_LIMITS.problems);
    if (problems.length > shown.length) shown.push(`…and ${problems.length - shown.length} more problems.`);
    return { kind: 'refusal', problems: shown };
  }
  return { kind: 'request', request: { messages, ...(systemPrompt !== undefined ? { systemPrompt } : {}), parameters, notes } };
}

function checkMessages(raw: unknown, budget: TextBudget, problems: string[], notes: string[]): SamplingMessage[] {
  if (!Array.isArray(raw)) {
    problems.push('The request has no list of messages.');
    return [];
  }
  if (raw.length === 0) {
    problems.push('The request has no messages.');
    return [];
  }
  const first = Math.max(0, raw.length - SAMPLING_LIMITS.messages);
  if (first > 0) notes.push(`The ${first} earliest messages are not shown: this app shows the newest ${SAMPLING_LIMITS.messages}.`);
  // Text budget goes to the newest messages first (they matter most for the reply), shown in order.
  const messages: SamplingMessage[] = [];
  for (let index = raw.length - 1; index >= first; index--) {
    const message = checkMessage(raw[index], `Message ${index + 1}`, budget, problems);
    if (message !== undefined) messages.push(message);
  }
  return messages.reverse();
}

function checkMessage(raw: unknown, where: string, budget: TextBudget, problems: string[]): SamplingMessage | undefined {
  if (!isJsonObject(raw)) {
    problems.push(`${where} is not an object.`);
    return undefined;
  }
  const roleRaw = get(raw, 'role');
  const role = ROLES.get(roleRaw);
  if (role === undefined) {
    problems.push(`${where} has ${typeof roleRaw === 'string' ? `the role ${quote(roleRaw)}` : 'no role'}; only "user" and "assistant" are allowed.`);
  }
  const content = get(raw, 'content');
  const blocks = Array.isArray(content) ? content : content === undefined ? [] : [content];
  if (blocks.length === 0) problems.push(`${where} has no content.`);
  const parts: SamplingPart[] = [];
  for (const [index, block] of blocks.slice(0, SAMPLING_LIMITS.partsPerMessage).entries()) {
    parts.push(...checkPart(block, blocks.length === 1 ? where : `${where}, part ${index + 1}`, budget, problems));
  }
  if (blocks.length > SAMPLING_LIMITS.partsPerMessage) {
    parts.push({ kind: 'note', text: `${blocks.length - SAMPLING_LIMITS.partsPerMessage} more parts of this message are not shown.` });
  }
  return role === undefined ? undefined : { role, parts };
}

/** One content block: text as text, everything else as the app's own sentence about it. */
function checkPart(raw: unknown, where: string, budget: TextBudget, problems: string[]): SamplingPart[] {
  if (!isJsonObject(raw)) {
    problems.push(`${where} is not an object.`);
    return [];
  }
  const type = get(raw, 'type');
  if (type === 'text') {
    const text = get(raw, 'text');
    if (typeof text === 'string') return textParts(text, budget);
    problems.push(`${where} is a text part without text.`);
    return [];
  }
  const media = MEDIA_KINDS.get(type);
  if (media !== undefined) {
    const data = get(raw, 'data');
    const mimeType = get(raw, 'mimeType');
    if (typeof data !== 'string' || typeof mimeType !== 'string') {
      problems.push(`${where} is ${media === 'image' ? 'an image' : 'audio'} without ${typeof data !== 'string' ? 'data' : 'a type'}.`);
      return [];
    }
    return [note(`${media}, ${quote(mimeType, 100)}, ${formatSize(base64Bytes(data))} (not shown)`)];
  }
  if (type === 'tool_use') {
    const name = get(raw, 'name');
    const input = get(raw, 'input');
    const count = isJsonObject(input) ? Object.keys(input).length : 0;
    return [note(`The model asked to use the tool ${typeof name === 'string' ? quote(name, 100) : '(unnamed)'} with ${count} input ${count === 1 ? 'value' : 'values'} (not shown).`)];
  }
  if (type === 'tool_result') {
    const content = get(raw, 'content');
    const count = Array.isArray(content) ? content.length : 0;
    const failed = get(raw, 'isError') === true ? ', reporting an error' : '';
    return [note(`The result of a tool the model used: ${count} content ${count === 1 ? 'block' : 'blocks'}${failed} (not shown).`)];
  }
  return [note(`A part of a kind this app does not show (${typeof type === 'string' ? quote(type) : 'no type'}).`)];
}

/** `text` as one part, or cut to the limits with a note saying how much is not shown. */
function textParts(text: string, budget: TextBudget): SamplingPart[] {
  const room = Math.min(SAMPLING_LIMITS.textLength, budget.left);
  const shown = cutText(text, room);
  budget.left -= shown.length;
  const parts: SamplingPart[] = shown === '' && text !== '' ? [] : [{ kind: 'text', text: shown }];
  if (shown.length < text.length) parts.push(note(`…${(text.length - shown.length).toLocaleString('en-US')} more characters are not shown.`));
  return parts;
}

function checkParameters(raw: Json, problems: string[], notes: string[]): SamplingParameters | undefined {
  const maxTokens = get(raw, 'maxTokens');
  const validMax = typeof maxTokens === 'number' && Number.isSafeInteger(maxTokens) && maxTokens > 0;
  if (maxTokens === undefined) problems.push('The request has no maxTokens (the longest answer it accepts).');
  else if (!validMax) problems.push('maxTokens must be a whole number greater than 0.');

  const temperature = get(raw, 'temperature');
  if (temperature !== undefined && (typeof temperature !== 'number' || !Number.isFinite(temperature))) problems.push('temperature must be a number.');

  const includeRaw = get(raw, 'includeContext');
  const includeContext = INCLUDE_CONTEXT.get(includeRaw);
  if (includeRaw !== undefined && includeContext === undefined) problems.push('includeContext must be "none", "thisServer" or "allServers".');
  if (includeContext === 'thisServer' || includeContext === 'allServers') {
    notes.push('The server asks for context from connected servers to be included; this app adds none: you see exactly what the server sent.');
  }

  const stopSequences = stringList(get(raw, 'stopSequences'), 'stopSequences', SAMPLING_LIMITS.listItems, 'stop sequences', problems, notes);
  const preferences = checkPreferences(get(raw, 'modelPreferences'), problems, notes);
  const tools = checkTools(get(raw, 'tools'), problems, notes);

  const choiceRaw = get(raw, 'toolChoice');
  let toolChoice: ToolChoiceMode | undefined;
  if (choiceRaw !== undefined) {
    const mode = isJsonObject(choiceRaw) ? get(choiceRaw, 'mode') : null;
    toolChoice = TOOL_CHOICE.get(mode);
    if (mode !== undefined && toolChoice === undefined) problems.push('toolChoice.mode must be "auto", "required" or "none".');
  }
  if (!validMax || preferences === undefined) return undefined;
  return {
    maxTokens,
    ...(typeof temperature === 'number' ? { temperature } : {}),
    stopSequences,
    ...(includeContext !== undefined ? { includeContext } : {}),
    modelHints: preferences.hints,
    priorities: preferences.priorities,
    tools,
    ...(toolChoice !== undefined ? { toolChoice } : {}),
  };
}

const PRIORITIES = [['costPriority', 'cost'], ['speedPriority', 'speed'], ['intelligencePriority', 'intelligence']] as const;

function checkPreferences(raw: unknown, problems: string[], notes: string[]): { hints: string[]; priorities: SamplingParameters['priorities'] } | undefined {
  const priorities: SamplingParameters['priorities'] = {};
  if (raw === undefined) return { hints: [], priorities };
  if (!isJsonObject(raw)) {
    problems.push('modelPreferences is not an object.');
    return undefined;
  }
  for (const [wire, name] of PRIORITIES) {
    const value = get(raw, wire);
    if (value === undefined) continue;
    if (typeof value === 'number' && value >= 0 && value <= 1) priorities[name] = value;
    else problems.push(`modelPreferences.${wire} must be a number from 0 to 1.`);
  }
  const hintsRaw = get(raw, 'hints');
  const hints: string[] = [];
  if (hintsRaw !== undefined && !Array.isArray(hintsRaw)) problems.push('modelPreferences.hints is not a list.');
  for (const hint of Array.isArray(hintsRaw) ? hintsRaw : []) {
    const name = isJsonObject(hint) ? get(hint, 'name') : undefined;
    if (typeof name === 'string' && name !== '') hints.push(name);
  }
  return { hints: shortList(hints, SAMPLING_LIMITS.listItems, 'model hints', notes), priorities };
}

function checkTools(raw: unknown, problems: string[], notes: string[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push('tools is not a list.');
    return [];
  }
  const names: string[] = [];
  for (const [index, tool] of raw.entries()) {
    const name = isJsonObject(tool) ? get(tool, 'name') : undefined;
    if (typeof name === 'string') names.push(name);
    else problems.push(`Tool ${index + 1} has no name.`);
  }
  return shortList(names, SAMPLING_LIMITS.tools, 'tools', notes);
}

/** A list of strings (absent = empty); anything else is a problem. */
function stringList(raw: unknown, field: string, max: number, what: string, problems: string[], notes: string[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((item) => typeof item === 'string')) {
    problems.push(`${field} must be a list of text.`);
    return [];
  }
  return shortList(raw, max, what, notes);
}

/** The first `max` items, each cut to `SAMPLING_LIMITS.nameLength` with "…"; a note counts the rest. */
function shortList(items: readonly string[], max: number, what: string, notes: string[]): string[] {
  const hidden = items.length - max;
  if (hidden > 0) notes.push(`${hidden} of the ${items.length} ${what} ${hidden === 1 ? 'is' : 'are'} not shown.`);
  return items.slice(0, max).map((item) => (item.length > SAMPLING_LIMITS.nameLength ? `${cutText(item, SAMPLING_LIMITS.nameLength)}…` : item));
}

/** Decoded size of base64 text, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** "512 bytes", "12 KB", "3.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function note(text: string): SamplingPart {
  return { kind: 'note', text };
}

/** An own property only: `__proto__`, `constructor` and friends never resolve to inherited values. */
function get(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}
