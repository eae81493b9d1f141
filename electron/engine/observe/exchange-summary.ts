/**
 * The one-line gist a task's exchange line shows of an answer or a notification (server text,
 * cleaned and shortened), and the raw facts a repeated answer is compared by without building it.
 */
import { cleanLine } from '../connections/untrusted-line.js';
import { isJsonObject } from '../../../shared/json-guards.js';

/** Characters a summary keeps. */
const SUMMARY_LENGTH = 200;

/**
 * The two facts an answer's summary is made of, read as they came (no string is built): an
 * error's code and message, a task's status and status message, a tool result's `isError`.
 */
export function answerGistA(answer: Record<string, unknown>): unknown {
  const { error, result } = answer;
  if (isJsonObject(error)) return error.code;
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  if (typeof task.status === 'string') return task.status;
  return Array.isArray(result.content) ? result.isError === true : undefined;
}

/** The second fact of an answer's gist (see `answerGistA`): an error's message, a task's status message. */
export function answerGistB(answer: Record<string, unknown>): unknown {
  const { error, result } = answer;
  if (isJsonObject(error)) return error.message;
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  return typeof task.status === 'string' ? task.statusMessage : undefined;
}

/** The gist of an answer: a task's status and message, a tool result's kind, or an error's code and message. */
export function answerSummary(answer: unknown): string | undefined {
  if (!isJsonObject(answer)) return undefined;
  const { error, result } = answer;
  if (isJsonObject(error)) {
    return text(`${typeof error.code === 'number' ? `${error.code} ` : ''}${typeof error.message === 'string' ? error.message : 'error'}`);
  }
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  if (typeof task.status === 'string') {
    return text(typeof task.statusMessage === 'string' ? `${task.status} — ${task.statusMessage}` : task.status);
  }
  if (Array.isArray(result.content)) return result.isError === true ? 'tool error' : 'tool result';
  return undefined;
}

/** The gist of a notification: progress as `3/5 message`, a task status push, a log line's level. */
export function notificationSummary(method: string, message: unknown): string | undefined {
  const params = isJsonObject(message) && isJsonObject(message.params) ? message.params : undefined;
  if (params === undefined) return undefined;
  if (method === 'notifications/progress' && typeof params.progress === 'number') {
    const total = typeof params.total === 'number' ? `/${params.total}` : '';
    return text(`${params.progress}${total}${typeof params.message === 'string' ? ` ${params.message}` : ''}`);
  }
  const task = isJsonObject(params.task) ? params.task : params;
  if (typeof task.status === 'string') return text(typeof task.statusMessage === 'string' ? `${task.status} — ${task.statusMessage}` : task.status);
  if (typeof params.reason === 'string') return text(params.reason);
  return undefined;
}

/** Server text made fit to show (cleaned of secrets by `redactSummary`). */
function text(raw: string): string {
  return cleanLine(raw, SUMMARY_LENGTH);
}

/** A summary with `redact` applied (secrets cleaned out), or nothing when there is none. */
export function redactSummary(summary: string | undefined, redact: (text: string) => string): string | undefined {
  return summary === undefined ? undefined : redact(summary);
}
