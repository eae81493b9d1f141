/**
 * The answer to a `sampling/createMessage` written by a person: a `CreateMessageResult`
 * (2025-11-25) with the reply as the assistant's text. `model` says plainly that no model
 * answered, so the server (and its logs) never mistake the reply for a model's.
 */

/** What `model` says in every reply built here. */
export const HUMAN_MODEL_NAME = 'human (MCP Task Monitor)';
/** Longest reply sent, in UTF-16 units. */
export const MAX_REPLY_LENGTH = 50_000;

/** A `CreateMessageResult` with text content, as this app sends it. */
export interface HumanCreateMessageResult {
  [key: string]: unknown;
  role: 'assistant';
  content: { type: 'text'; text: string };
  model: string;
  stopReason: 'endTurn';
}

/** Why `reply` cannot be sent, in plain words, or undefined when it can. */
export function replyProblem(reply: string): string | undefined {
  if (reply.trim() === '') return 'Write a reply first: it is sent to the server as the model\'s answer.';
  if (reply.length > MAX_REPLY_LENGTH) return `The reply is too long: at most ${MAX_REPLY_LENGTH.toLocaleString('en-US')} characters (it has ${reply.length.toLocaleString('en-US')}).`;
  return undefined;
}

/** The result for a reply the user wrote (sent exactly as typed), or the reason it cannot be sent. */
export function humanSamplingResult(reply: string): { ok: true; result: HumanCreateMessageResult } | { ok: false; problem: string } {
  const problem = replyProblem(reply);
  if (problem !== undefined) return { ok: false, problem };
  return { ok: true, result: { role: 'assistant', content: { type: 'text', text: reply }, model: HUMAN_MODEL_NAME, stopReason: 'endTurn' } };
}
