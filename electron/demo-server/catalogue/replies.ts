/**
 * The checks of the client's replies, one per kind of request (client-requests.ts). A reply is
 * untrusted input: a malformed one fails the task with -32602, never reaches the tool's work.
 */
import { z } from 'zod';
import type { FormAnswer, FormSpec, UrlAnswer, UrlSpec } from './forms.js';
import type { RootsSpec, SamplingSpec } from './client-requests.js';
import { INTERNAL_ERROR, INVALID_PARAMS, JsonRpcError, type JsonRpcErrorObject } from './tool-result.js';

/**
 * What the client sent back: a result, or (2025-11-25 only, where requests are real JSON-RPC
 * requests) a JSON-RPC error — how a client says the user declined a sampling request.
 */
export type ClientReply = { ok: true; value: unknown } | { ok: false; error: JsonRpcErrorObject };

/** The checked reply to a sampling request: the completion's text, or why there is none. */
export type SamplingAnswer = { action: 'accept'; text: string; model: string } | { action: 'decline'; reason: string };

/** Longest completion text and model name kept (the reply is untrusted). */
const MAX_COMPLETION_CHARS = 20_000;
/** Most roots a reply may list. */
const MAX_ROOTS = 1_000;

/** `ElicitResult` as a client sends it (docs/protocol-notes.md#the-answer-elicitresult); content is checked per form afterwards. */
const ElicitResultSchema = z.object({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.record(z.string(), z.unknown()).optional(),
});

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string().max(MAX_COMPLETION_CHARS) });
/** A content block of any other kind: only its `type` is read (to be skipped). */
const OtherBlockSchema = z.looseObject({ type: z.string() });
const BlockSchema = z.union([TextBlockSchema, OtherBlockSchema]);

/** `CreateMessageResult`: one content block, or (2025-11-25 with tools) a list of them. */
const CreateMessageResultSchema = z.looseObject({
  role: z.literal('assistant'),
  model: z.string().min(1).max(200),
  content: z.union([BlockSchema, z.array(BlockSchema).min(1).max(100)]),
});

/** `ListRootsResult`: roots are `file://` URIs (the only scheme the spec allows so far). */
const ListRootsResultSchema = z.looseObject({
  roots: z.array(z.looseObject({ uri: z.string().startsWith('file://').max(4_096), name: z.string().max(1_000).optional() })).max(MAX_ROOTS),
});

/** The value of an answered request; a refusal where none is allowed fails the task with the client's error. */
function replyValue(key: string, reply: ClientReply): unknown {
  if (reply.ok) return reply.value;
  throw new JsonRpcError(INTERNAL_ERROR, `The client refused "${key}": ${reply.error.message}`);
}

function parseReply<T>(schema: z.ZodType<T>, key: string, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new JsonRpcError(INVALID_PARAMS, `Malformed answer to "${key}": ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Checks a reply to `form`: an action, and for accept content that fits the form. */
export function checkFormReply(form: FormSpec, reply: ClientReply): FormAnswer {
  const answer = parseReply(ElicitResultSchema, form.key, replyValue(form.key, reply));
  if (answer.action !== 'accept') return { action: answer.action };
  const content = form.content.safeParse(answer.content ?? {});
  if (!content.success) throw new JsonRpcError(INVALID_PARAMS, `The answer to "${form.key}" does not match the form: ${z.prettifyError(content.error)}`);
  return { action: 'accept', content: content.data };
}

/** Checks a reply to a URL-mode question: an action, never content (docs/protocol-notes.md#the-answer-elicitresult). */
export function checkUrlReply(page: UrlSpec, reply: ClientReply): UrlAnswer {
  const answer = parseReply(ElicitResultSchema, page.key, replyValue(page.key, reply));
  if (answer.content !== undefined) throw new JsonRpcError(INVALID_PARAMS, `The answer to "${page.key}" must not carry content (URL mode)`);
  return { action: answer.action };
}

/**
 * Checks a reply to a sampling request: a `CreateMessageResult` with text content (text blocks
 * joined), or a JSON-RPC error = declined, its message kept as the reason.
 */
export function checkSamplingReply(spec: SamplingSpec, reply: ClientReply): SamplingAnswer {
  if (!reply.ok) return { action: 'decline', reason: reply.error.message.slice(0, 500) };
  const result = parseReply(CreateMessageResultSchema, spec.key, reply.value);
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const texts = blocks.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []));
  if (texts.length === 0) throw new JsonRpcError(INVALID_PARAMS, `The answer to "${spec.key}" carries no text content`);
  return { action: 'accept', text: texts.join('\n').slice(0, MAX_COMPLETION_CHARS), model: result.model };
}

/** Checks a reply to `roots/list`; resolves with the roots' URIs in the client's order. */
export function checkRootsReply(spec: RootsSpec, reply: ClientReply): string[] {
  return parseReply(ListRootsResultSchema, spec.key, replyValue(spec.key, reply)).roots.map((root) => root.uri);
}
