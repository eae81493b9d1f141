/**
 * How a question a server waits on crosses the IPC boundary, as the host checked it: the form
 * and sampling models it may carry are mirrored here as schemas, each with a compile-time check
 * that it agrees with the shared type it mirrors.
 */
import { z } from 'zod';
import { AnswerActionSchema } from '../elicitation/elicit-result.js';
import type { FormModel } from '../elicitation/form-model.js';
import type { SamplingModel } from '../sampling/sampling-request.js';
import { DeclineEffectSchema } from '../task-model.js';
import type { SameShape } from './type-agreement.js';

/** One choice of a select field (untrusted label: text only). */
const FormOptionSchema = z.object({ value: z.string(), label: z.string() });
const FormFieldCommon = { name: z.string(), label: z.string(), description: z.string().optional(), required: z.boolean() };
/** One field of a checked elicitation form: `FormField` of shared/elicitation/form-model.ts. */
export const FormFieldSchema = z.discriminatedUnion('kind', [
  z.object({
    ...FormFieldCommon,
    kind: z.enum(['text', 'email', 'uri', 'date', 'datetime']),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    initial: z.string().optional(),
  }),
  z.object({ ...FormFieldCommon, kind: z.enum(['number', 'integer']), minimum: z.number().optional(), maximum: z.number().optional(), initial: z.number().optional() }),
  z.object({ ...FormFieldCommon, kind: z.literal('boolean'), initial: z.boolean().optional() }),
  z.object({ ...FormFieldCommon, kind: z.literal('select'), options: z.array(FormOptionSchema), initial: z.string().optional() }),
  z.object({
    ...FormFieldCommon,
    kind: z.literal('multiselect'),
    options: z.array(FormOptionSchema),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    initial: z.array(z.string()).optional(),
  }),
]);
/** A checked elicitation form as the renderer draws it: `FormModel` of shared/elicitation/form-model.ts. */
export const FormModelSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  fields: z.array(FormFieldSchema),
  notes: z.array(z.string()),
  ignored: z.array(z.object({ field: z.string().optional(), keywords: z.array(z.string()) })),
});

/** Compile-time proof that the schema and the shared `FormModel` type agree. */
const formModelAgrees: SameShape<z.infer<typeof FormModelSchema>, FormModel> = true;
void formModelAgrees;

/** One piece of a sampling message: the server's text (untrusted), or the app's own sentence about what is not shown. */
const SamplingPartSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('text'), text: z.string() }), z.object({ kind: z.literal('note'), text: z.string() })]);
/** A checked `sampling/createMessage`: `SamplingModel` of shared/sampling/sampling-request.ts. */
export const SamplingModelSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    request: z.object({
      messages: z.array(z.object({ role: z.enum(['user', 'assistant']), parts: z.array(SamplingPartSchema) })),
      systemPrompt: z.array(SamplingPartSchema).optional(),
      parameters: z.object({
        maxTokens: z.number(),
        temperature: z.number().optional(),
        stopSequences: z.array(z.string()),
        includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
        modelHints: z.array(z.string()),
        priorities: z.object({ cost: z.number().optional(), speed: z.number().optional(), intelligence: z.number().optional() }),
        tools: z.array(z.string()),
        toolChoice: z.enum(['auto', 'required', 'none']).optional(),
      }),
      notes: z.array(z.string()),
    }),
  }),
  z.object({ kind: z.literal('refusal'), problems: z.array(z.string()) }),
]);

/** Compile-time proof that the schema and the shared `SamplingModel` type agree. */
const samplingModelAgrees: SameShape<z.infer<typeof SamplingModelSchema>, SamplingModel> = true;
void samplingModelAgrees;


/**
 * A question a server waits on, as the host checked it (docs/security.md#forms): the renderer never
 * sees a raw `requestedSchema`. `kind` says what to draw:
 * - `form`: a form-mode `elicitation/create` whose schema is inside the spec's subset;
 * - `refusal`: a form-mode `elicitation/create` whose schema is not (a notice naming the server, no form;
 *   only Decline and Cancel may be sent);
 * - `url`: a URL-mode `elicitation/create` (docs/protocol-notes.md#url-mode): the full URL as text,
 *   its real host as `URL` parses it (after any user-info trick), and warnings; nothing is fetched
 *   before consent, and an accept carries no content;
 * - `roots`: a `roots/list` request, answered only with the roots the user configured for that server
 *   (none yet: `roots` is empty and said so plainly);
 * - `sampling`: a `sampling/createMessage` answered by a person: the conversation (media as facts, never
 *   rendered), system prompt and parameters, or a refusal listing why the request is malformed (Decline
 *   only). The renderer sends `{action: 'accept', reply}` or `{action: 'decline'}`; the host builds the
 *   `CreateMessageResult`. `declineEffect` says what Decline does on this path (the wire differs);
 * - `unsupported`: anything this version cannot answer (unknown requests), described in plain words.
 */
const PendingInputCommon = {
  /** Local id of the task or call the question belongs to; absent for a question the server asked outside any call the app could tie it to. */
  localId: z.string().optional(),
  serverId: z.string(),
  key: z.string(),
  /** Local wall-clock ms when the question arrived. */
  receivedAt: z.number(),
  /** The request's method (untrusted text). */
  method: z.string(),
  /** The user's own name for the server (the configured name), then the server's self-reported `serverInfo.name`. */
  server: z.object({ name: z.string(), reportedName: z.string().optional() }),
  /**
   * Present when the question waits behind that server's open ones (at most
   * `MAX_OPEN_INPUTS_PER_SERVER` are open at a time): its place in the server's line, 1 = opens next. A queued question cannot be answered yet.
   */
  queuePlace: z.number().int().positive().optional(),
  /**
   * Answered, and the answer is held until the task's other questions are answered too (all go
   * to the server together). A held question cannot be answered again.
   */
  held: z.boolean(),
  /** With `held`: what the held answer says (a decline or cancel waits for the others just the same). */
  heldAction: AnswerActionSchema.optional(),
  /** How many times the server has asked this question, when more than once (it asked again after an answer). */
  round: z.number().int().min(2).optional(),
};
export const PendingInputViewSchema = z.discriminatedUnion('kind', [
  z.object({ ...PendingInputCommon, kind: z.literal('form'), message: z.string(), form: FormModelSchema }),
  z.object({ ...PendingInputCommon, kind: z.literal('refusal'), message: z.string(), refusal: z.object({ problems: z.array(z.string()) }) }),
  z.object({
    ...PendingInputCommon,
    kind: z.literal('url'),
    message: z.string(),
    url: z.object({
      /** The full URL exactly as the server sent it (untrusted text: never a clickable link). */
      full: z.string(),
      /** The host `URL` parses out of it (punycode as-is); empty when the URL does not parse. */
      host: z.string(),
      /** Plain-words reasons to be careful (user info, punycode, not https, unparsable...). */
      warnings: z.array(z.string()),
      /** False when the URL cannot be opened at all (unparsable, or not http/https): only Decline and Cancel. */
      canOpen: z.boolean(),
    }),
  }),
  z.object({ ...PendingInputCommon, kind: z.literal('roots'), roots: z.array(z.object({ uri: z.string(), name: z.string().optional() })) }),
  z.object({ ...PendingInputCommon, kind: z.literal('sampling'), sampling: SamplingModelSchema, declineEffect: DeclineEffectSchema }),
  z.object({ ...PendingInputCommon, kind: z.literal('unsupported'), description: z.string(), message: z.string().optional() }),
]);
export type PendingInputView = z.infer<typeof PendingInputViewSchema>;
