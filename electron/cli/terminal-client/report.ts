/**
 * What the terminal client prints. Text for people by default: progress and results on stdout,
 * notes and answered questions on stderr. With `--json`, one JSON object per line on stdout and
 * nothing else, the last one `{"type":"end",...}`. Server strings are untrusted: text output goes
 * through terminal-text.ts, JSON through `jsonLine`. Neither ever shows a task's session
 * credentials or the requests kept for a restart.
 */
import type { Tool } from '@modelcontextprotocol/client';
import { isJsonObject } from '../../../shared/json-guards.js';
import type { TaskExport } from '../../../shared/server-log.js';
import type { TimelineEntry, ToolResult, TrackedTask } from '../../../shared/task-model.js';
import { describeAppNote, describeLastProblem } from '../../../shared/messages/fact-messages.js';
import { STATUS_LABELS, explainStatus } from '../../../shared/messages/status-messages.js';
import { classifyTask } from '../../../shared/task-status.js';
import { EXIT_CODES, type Outcome } from './exit-codes.js';
import { jsonLine, printable, printableLines } from './terminal-text.js';
import type { Said } from './answer-policy.js';

/** Longest result text printed. */
const MAX_RESULT_TEXT = 20_000;

/** One question the client answered (or could not). */
export interface QuestionReport {
  /** The task or call it belongs to; absent for a question the engine could tie to none. */
  localId?: string;
  key: string;
  method: string;
  /** The user's name for the server. */
  server: string;
  /** The server's message (untrusted). */
  message: string;
  said: Said | 'failed';
  why?: string;
}

/** Where the client's output goes. */
export interface Reporter {
  note(message: string): void;
  /** A task or call changed (printed when its line differs from the last one). */
  task(task: TrackedTask): void;
  question(report: QuestionReport): void;
  result(result: ToolResult, localId: string | undefined): void;
  tools(tools: readonly Tool[]): void;
  /** One row of `tasks list`. */
  listed(task: TrackedTask): void;
  /** `tasks show`: everything about one task. */
  detail(task: TrackedTask, result: ToolResult | undefined): void;
  /** `tasks export` without `--out`: the task's export document. */
  exported(document: TaskExport): void;
  /** The last thing printed: how the command ended. */
  end(outcome: Outcome, details: { message?: string; localId?: string }): void;
}

/** The output streams (process.stdout / stderr, or test doubles). */
export interface Output {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** A task's facts for scripts: no session credentials, no kept requests. */
function taskFacts(task: TrackedTask, detail: boolean): Record<string, unknown> {
  const snapshot = task.snapshot;
  const problem = describeLastProblem(task);
  return {
    id: task.localId,
    server: task.serverId,
    tool: task.toolName,
    state: classifyTask(task),
    ...(snapshot !== undefined ? { status: snapshot.status } : {}),
    ...(snapshot?.statusMessage !== undefined ? { statusMessage: snapshot.statusMessage } : {}),
    ...(task.serverTaskId !== undefined ? { serverTaskId: task.serverTaskId } : {}),
    form: task.form,
    ...(task.endReason !== undefined ? { endReason: task.endReason } : {}),
    ...(task.plain === true ? { plain: true } : {}),
    ...(task.progress !== undefined ? { progress: { ...task.progress, at: new Date(task.progress.at).toISOString() } } : {}),
    createdAt: new Date(task.createdAt).toISOString(),
    updatedAt: new Date(task.updatedAt).toISOString(),
    ...(detail
      ? {
          arguments: task.arguments,
          ...(snapshot?.ttlMs !== undefined ? { ttlMs: snapshot.ttlMs } : {}),
          ...(snapshot?.pollIntervalMs !== undefined ? { pollIntervalMs: snapshot.pollIntervalMs } : {}),
          ...(snapshot?.error !== undefined ? { error: snapshot.error } : {}),
          ...(task.callError !== undefined ? { callError: task.callError } : {}),
          ...(problem !== undefined ? { lastProblem: problem } : {}),
          timeline: task.timeline.map((entry) => ({ ...entry, at: new Date(entry.at).toISOString() })),
        }
      : {}),
  };
}

/** One JSON object per line on stdout. */
export function jsonReporter(output: Output): Reporter {
  const emit = (value: Record<string, unknown>): void => void output.stdout.write(`${jsonLine(value)}\n`);
  return {
    note: (message) => emit({ type: 'note', message }),
    task: (task) => emit({ type: 'task', ...taskFacts(task, false) }),
    question: ({ localId, key, method, server, message, said, why }) =>
      emit({ type: 'question', ...(localId !== undefined ? { task: localId } : {}), key, method, server, message, answer: said, ...(why !== undefined ? { why } : {}) }),
    result: (result, localId) => emit({ type: 'result', ...(localId !== undefined ? { task: localId } : {}), result }),
    tools: (tools) => {
      for (const tool of tools) {
        emit({ type: 'tool', name: tool.name, ...(tool.title !== undefined ? { title: tool.title } : {}), ...(tool.description !== undefined ? { description: tool.description } : {}), inputSchema: tool.inputSchema });
      }
    },
    listed: (task) => emit({ type: 'task', ...taskFacts(task, false) }),
    detail: (task, result) => emit({ type: 'task', ...taskFacts(task, true), ...(result !== undefined ? { result } : {}) }),
    exported: (document) => emit({ type: 'export', document }),
    end: (outcome, { message, localId }) =>
      emit({ type: 'end', outcome, exitCode: EXIT_CODES[outcome], ...(localId !== undefined ? { task: localId } : {}), ...(message !== undefined ? { message } : {}) }),
  };
}

/** Text for a person. */
export function textReporter(output: Output): Reporter {
  const out = (line: string): void => void output.stdout.write(`${line}\n`);
  const err = (line: string): void => void output.stderr.write(`${line}\n`);
  const lastLines = new Map<string, string>();
  return {
    note: (message) => err(printable(message, 2_000)),
    task: (task) => {
      const line = statusLine(task);
      if (lastLines.get(task.localId) === line) return;
      lastLines.set(task.localId, line);
      out(line);
    },
    question: ({ server, method, message, said, why }) => {
      const what = said === 'failed' ? 'could not be answered' : said === 'shared-roots' ? 'answered: no folders are shared' : said;
      const asked = message !== '' ? `"${printable(message, 200)}"` : askedFor(method);
      err(`${printable(server, 80)} asked ${asked}: ${what}${why !== undefined ? ` (${printable(why, 500)})` : ''}.`);
    },
    result: (result) => {
      for (const line of resultLines(result)) out(line);
    },
    tools: (tools) => {
      if (tools.length === 0) out('The server offers no tools.');
      for (const tool of tools) out(tool.description === undefined ? printable(tool.name, 200) : `${printable(tool.name, 200)} — ${printable(tool.description, 300)}`);
    },
    listed: (task) => {
      const message = task.snapshot?.statusMessage ?? progressText(task);
      out(`${task.localId}  ${STATUS_LABELS[classifyTask(task)].padEnd(16)} ${printable(task.toolName, 60)} on ${printable(task.serverId, 80)}  ${new Date(task.updatedAt).toISOString()}${message !== undefined ? `  ${printable(message, 120)}` : ''}`);
    },
    detail: (task, result) => {
      for (const line of detailLines(task)) out(line);
      if (result !== undefined) {
        out('Result:');
        for (const line of resultLines(result)) out(`  ${line}`);
      }
    },
    // The document as it is (JSON escapes every control character): for a file or another program.
    exported: (document) => out(JSON.stringify(document, null, 2)),
    end: (outcome, { message }) => {
      if (message !== undefined) (outcome === 'completed' || outcome === 'not-finished' ? out : err)(printable(message, 2_000));
    },
  };
}

/** What a question without a message of its own asks for. */
function askedFor(method: string): string {
  if (method === 'sampling/createMessage') return 'for a reply as if from a model (sampling)';
  if (method === 'roots/list') return 'which folders it may work with (roots)';
  return `a ${printable(method, 60)} question`;
}

/** `<tool> on <server>: <State> — <status message>`. */
function statusLine(task: TrackedTask): string {
  const message = task.snapshot?.statusMessage ?? progressText(task);
  return `${printable(task.toolName, 60)} on ${printable(task.serverId, 80)}: ${STATUS_LABELS[classifyTask(task)]}${message !== undefined ? ` — ${printable(message, 200)}` : ''}`;
}

function detailLines(task: TrackedTask): string[] {
  const snapshot = task.snapshot;
  const problem = describeLastProblem(task);
  const facts: [string, string | undefined][] = [
    ['Task', task.localId],
    ['Kind', task.serverTaskId !== undefined ? 'task' : task.plain === true ? 'plain call (no task can come of it)' : 'call (no task yet)'],
    ['Tool', printable(task.toolName, 200)],
    ['Server', printable(task.serverId, 200)],
    ['State', STATUS_LABELS[classifyTask(task)]],
    ['Why', explainStatus(task)],
    ['Status message', snapshot?.statusMessage === undefined ? undefined : printable(snapshot.statusMessage, 1_000)],
    ['Progress', progressText(task)],
    ['Server task id', task.serverTaskId === undefined ? undefined : printable(task.serverTaskId, 200)],
    ['Started', new Date(task.createdAt).toISOString()],
    ['Last change', new Date(task.updatedAt).toISOString()],
    ['Arguments', printable(JSON.stringify(task.arguments), 1_000)],
    ['Error', snapshot?.error === undefined ? undefined : `${printable(snapshot.error.message, 500)} (error ${snapshot.error.code})`],
    ['Refused', task.callError === undefined ? undefined : `${printable(task.callError.message, 500)} (error ${task.callError.code})`],
    ['Last problem', problem === undefined ? undefined : printable(problem, 500)],
  ];
  const lines = facts.flatMap(([label, value]) => (value === undefined ? [] : [`${`${label}:`.padEnd(16)}${value}`]));
  lines.push('Timeline:');
  for (const entry of task.timeline) {
    const what = [entry.status, entry.statusMessage === undefined ? undefined : printable(entry.statusMessage, 200), appNote(entry)]
      .filter((part) => part !== undefined)
      .join(' — ');
    lines.push(`  ${new Date(entry.at).toISOString()}  ${what}`);
  }
  return lines;
}

/** What the app said about itself in a timeline entry, printable (its fact phrased by the catalogue, or an older version's note). */
function appNote(entry: TimelineEntry): string | undefined {
  const words = describeAppNote(entry);
  return words === undefined ? undefined : printable(words, 300);
}

/** The newest progress the server reported, e.g. "3/5 — Compiling" or "40 — indexing" (no total known). */
function progressText(task: TrackedTask): string | undefined {
  const progress = task.progress;
  if (progress === undefined) return undefined;
  const amount = progress.total === undefined ? `${progress.progress}` : `${progress.progress}/${progress.total}`;
  return progress.message === undefined ? amount : `${amount} — ${printable(progress.message, 200)}`;
}

/** A tool result as text: text content as it is (made printable), everything else named, never rendered. */
function resultLines(result: ToolResult): string[] {
  const lines: string[] = [];
  if (result['isError'] === true) lines.push('The tool reported an error:');
  const content = Array.isArray(result['content']) ? (result['content'] as unknown[]) : [];
  for (const item of content) {
    const block = isJsonObject(item) ? item : {};
    const type = typeof block['type'] === 'string' ? block['type'] : 'unknown';
    if (type === 'text' && typeof block['text'] === 'string') lines.push(...printableLines(block['text'], MAX_RESULT_TEXT).split('\n'));
    else if (type === 'resource_link' && typeof block['uri'] === 'string') lines.push(`[link, not opened: ${printable(block['uri'], 300)}]`);
    else lines.push(`[${printable(type, 40)} content${typeof block['mimeType'] === 'string' ? `, ${printable(block['mimeType'], 60)}` : ''}: not shown here, see --json]`);
  }
  if (result['structuredContent'] !== undefined) {
    lines.push('Structured content:', ...printableLines(JSON.stringify(result['structuredContent'], null, 2), MAX_RESULT_TEXT).split('\n'));
  }
  if (lines.length === 0) lines.push('(The result is empty.)');
  return lines;
}
