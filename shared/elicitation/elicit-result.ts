/**
 * The client's answer to a form-mode `elicitation/create`
 * (docs/protocol-notes.md#the-answer-elicitresult): accept with the checked `content`, or decline /
 * cancel with no content at all (docs/security.md#answers: "neither carries `content`"). URL-mode
 * answers are not built here.
 */
import { z } from 'zod';

/** One value of an accepted form: text, a finite number, yes/no, or the chosen options. */
export const FormValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
/** One value of an accepted form (docs/protocol-notes.md#the-answer-elicitresult `content` values). */
export type FormValue = z.infer<typeof FormValueSchema>;

export const ElicitContentSchema = z.record(z.string(), FormValueSchema);
/** The `content` of an accepted form, keyed by declared field name. */
export type ElicitContent = z.infer<typeof ElicitContentSchema>;

/**
 * Strict objects: a decline or cancel that carries `content` (or an accept with stray keys) is
 * refused where an answer crosses a trust boundary (e.g. IPC from the renderer).
 * `z.number()` already refuses NaN and ±Infinity (docs/security.md#answers: numbers are finite).
 */
export const ElicitResultSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('accept'), content: ElicitContentSchema }),
  z.strictObject({ action: z.literal('decline') }),
  z.strictObject({ action: z.literal('cancel') }),
]);
/** A form-mode `ElicitResult`. */
export type ElicitResult = z.infer<typeof ElicitResultSchema>;

/** The user submitted the form; `content` should come from `validateForm` (form-model.ts). */
export function acceptResult(content: ElicitContent): ElicitResult {
  return { action: 'accept', content };
}

/** The user pressed Decline: an explicit no, without content (docs/protocol-notes.md#the-answer-elicitresult). */
export function declineResult(): ElicitResult {
  return { action: 'decline' };
}

/** The user closed the form without choosing: Cancel, without content (docs/security.md#answers). */
export function cancelResult(): ElicitResult {
  return { action: 'cancel' };
}

export const AnswerActionSchema = z.enum(['accept', 'decline', 'cancel']);
/** What an answer to a server's question said: yes (with whatever it carries), an explicit no, or a dismissal. */
export type AnswerAction = z.infer<typeof AnswerActionSchema>;

/**
 * The action of any answer the host sends for a question (a form or URL `ElicitResult`, a
 * sampling reply, a roots list): only an elicitation can decline or cancel this way; every other
 * answer is an accept (a declined sampling request is no answer at all but `Engine.declineInput`).
 */
export function answerActionOf(response: Record<string, unknown>): AnswerAction {
  return response.action === 'decline' || response.action === 'cancel' ? response.action : 'accept';
}
