/**
 * Issue 8, observation 1: forms as TypeScript servers really generate them. Every schema here is
 * produced by calling the library, never copied by hand:
 * - (a) zod 4's `z.toJSONSchema` (adds `$schema`, `additionalProperties: false`, format patterns);
 * - (b) the 1.x SDK: a real `McpServer` whose tool calls `server.elicitInput` with the SDK's own
 *   zod converter (`toJsonSchemaCompat`, what it uses for tool schemas), read off the wire by a
 *   real 1.x `Client` over the SDK's in-memory transport; the server then checks the answer with
 *   its own validator;
 * - (c) the 2.x server's `inputRequired.elicit`, which converts a zod object itself.
 * Each covers every field kind with defaults, required, bounds and (where the library can send
 * one) patterns, and the answer our form builds passes the library's own check.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { ElicitResult as SdkElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { acceptedContent, inputRequired } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ElicitContent } from '../../../shared/elicitation/elicit-result.js';
import { toFormModel, validateForm, type FormField, type FormModel } from '../../../shared/elicitation/form-model.js';
import { checkRequestedSchema } from '../../../shared/elicitation/schema-check.js';

type Json = Record<string, unknown>;

function model(raw: unknown): FormModel {
  const result = checkRequestedSchema(raw);
  if (!result.ok) throw new Error(`refused: ${result.problems.join(' | ')}`);
  return toFormModel(result.schema);
}

/** `Omit` applied to each member of a union. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One field of the catalogue: its zod type, the field we expect (minus name and required), and what the user enters. */
interface Entry {
  zod: z.ZodType;
  field: OmitEach<FormField, 'name' | 'required'>;
  /** Entered into the form (text for numbers, as a text box gives it). */
  input: unknown;
  /** What `content` carries for it, when not `input` itself. */
  sent?: unknown;
  optional?: true;
  defaulted?: true;
}

const REGIONS = [{ const: 'eu-west', title: 'Europe (West)' }, { const: 'us-east', title: 'US (East)' }];
const REVIEWERS = [{ const: 'alice', title: 'Alice' }, { const: 'bob', title: 'Bob' }, { const: 'carol', title: 'Carol' }];

/** Every field kind, written the way all three libraries can send it. */
const EVERY_KIND: Record<string, Entry> = {
  version: {
    zod: z.string().min(5).max(20).default('1.0.0').meta({ title: 'Version', description: 'Semantic version.' }),
    field: { label: 'Version', description: 'Semantic version.', kind: 'text', minLength: 5, maxLength: 20, initial: '1.0.0' },
    input: '2.10.3',
    defaulted: true,
  },
  contact: { zod: z.email().meta({ title: 'Contact' }), field: { label: 'Contact', kind: 'email' }, input: 'rm@example.org' },
  changelog: { zod: z.url().optional(), field: { label: 'changelog', kind: 'uri' }, input: 'https://example.org/changes', optional: true },
  docs: {
    zod: z.url().default('https://example.org/docs'),
    field: { label: 'docs', kind: 'uri', initial: 'https://example.org/docs' },
    input: 'https://example.org/docs/v2',
    defaulted: true,
  },
  // Observation 2: dropped, with a note; the user may still type an address.
  homepage: { zod: z.url().default('javascript:alert(1)'), field: { label: 'homepage', kind: 'uri' }, input: 'https://example.org', defaulted: true },
  day: { zod: z.iso.date(), field: { label: 'day', kind: 'date' }, input: '2026-03-31' },
  freezeAt: { zod: z.iso.datetime({ offset: true }), field: { label: 'freezeAt', kind: 'datetime' }, input: '2026-03-24T17:00:00+01:00' },
  rollout: {
    zod: z.number().min(0).max(100).default(10),
    field: { label: 'rollout', kind: 'number', minimum: 0, maximum: 100, initial: 10 },
    input: '12.5',
    sent: 12.5,
    defaulted: true,
  },
  replicas: {
    zod: z.int().min(1).max(20).default(3),
    field: { label: 'replicas', kind: 'integer', minimum: 1, maximum: 20, initial: 3 },
    input: '5',
    sent: 5,
    defaulted: true,
  },
  notify: { zod: z.boolean().default(true), field: { label: 'notify', kind: 'boolean', initial: true }, input: false, defaulted: true },
  channel: {
    zod: z.enum(['stable', 'beta']).default('beta'),
    field: { label: 'channel', kind: 'select', options: [{ value: 'stable', label: 'stable' }, { value: 'beta', label: 'beta' }], initial: 'beta' },
    input: 'stable',
    defaulted: true,
  },
  region: {
    zod: z.string().meta({ oneOf: REGIONS }),
    field: { label: 'region', kind: 'select', options: [{ value: 'eu-west', label: 'Europe (West)' }, { value: 'us-east', label: 'US (East)' }] },
    input: 'us-east',
  },
  priority: {
    zod: z.enum(['p1', 'p2']).meta({ enumNames: ['Critical', 'Normal'] }),
    field: { label: 'priority', kind: 'select', options: [{ value: 'p1', label: 'Critical' }, { value: 'p2', label: 'Normal' }] },
    input: 'p2',
  },
  platforms: {
    zod: z.array(z.enum(['linux', 'macos', 'windows'])).min(1).max(3).default(['linux']),
    field: {
      label: 'platforms', kind: 'multiselect', minItems: 1, maxItems: 3, initial: ['linux'],
      options: [{ value: 'linux', label: 'linux' }, { value: 'macos', label: 'macos' }, { value: 'windows', label: 'windows' }],
    },
    input: ['windows', 'linux'],
    sent: ['linux', 'windows'],
    defaulted: true,
  },
  reviewers: {
    zod: z.array(z.enum(['alice', 'bob', 'carol'])).max(2).meta({ items: { anyOf: REVIEWERS } }),
    field: {
      label: 'reviewers', kind: 'multiselect', maxItems: 2,
      options: [{ value: 'alice', label: 'Alice' }, { value: 'bob', label: 'Bob' }, { value: 'carol', label: 'Carol' }],
    },
    input: ['bob'],
  },
};

const HOMEPAGE_NOTE = 'Field "homepage": the server\'s default address was ignored because it is not a web address (http or https).';

/**
 * What zod writes idiomatically beyond the shared catalogue, and the 2.x helper refuses to send
 * (so only zod-written and 1.x servers send it): a custom `pattern`, `enum` beside `oneOf`,
 * titled options from `z.literal(...).meta({title})` (each with `type: "string"`), a lookahead
 * pattern (`z.hostname()`), `exclusiveMinimum` (`.positive()`), `examples`.
 */
const ZOD_IDIOMS: Record<string, Entry> = {
  code: { zod: z.string().regex(/^[A-Z]{3}$/), field: { label: 'code', kind: 'text', pattern: '^[A-Z]{3}$' }, input: 'ABC' },
  zone: {
    zod: z.enum(['eu-west', 'us-east']).meta({ oneOf: REGIONS }),
    field: { label: 'zone', kind: 'select', options: [{ value: 'eu-west', label: 'Europe (West)' }, { value: 'us-east', label: 'US (East)' }] },
    input: 'eu-west',
  },
  approvers: {
    zod: z.array(z.union(REVIEWERS.map((option) => z.literal(option.const).meta({ title: option.title })))).min(1),
    field: {
      label: 'approvers', kind: 'multiselect', minItems: 1,
      options: [{ value: 'alice', label: 'Alice' }, { value: 'bob', label: 'Bob' }, { value: 'carol', label: 'Carol' }],
    },
    input: ['carol', 'alice'],
    sent: ['alice', 'carol'],
  },
  host: { zod: z.hostname(), field: { label: 'host', kind: 'text' }, input: 'build.example.org' },
  budget: { zod: z.number().positive(), field: { label: 'budget', kind: 'number' }, input: '250', sent: 250 },
  nickname: { zod: z.string().meta({ examples: ['ada'] }).optional(), field: { label: 'nickname', kind: 'text' }, input: 'ada', optional: true },
};

const ZOD_IDIOM_IGNORED = [{ field: 'host', keywords: ['format'] }, { field: 'budget', keywords: ['exclusiveMinimum'] }, { field: 'nickname', keywords: ['examples'] }];
const HOST_NOTE = /^Field "host": the server's pattern ".*" is not checked here/;

function zodObject(entries: Record<string, Entry>) {
  return z.object(Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, entry.zod])));
}

/** The fields we expect, in order; `io` is which side zod describes (defaults are required on output only). */
function expectedFields(entries: Record<string, Entry>, raw: Json, io: 'input' | 'output'): FormField[] {
  const properties = raw['properties'] as Record<string, Json>;
  return Object.entries(entries).map(([name, entry]) => {
    // Kept exactly as sent: zod's own format patterns (e-mail, dates) are enforced too.
    const sentPattern = properties[name]?.['pattern'];
    const pattern = entry.field.kind !== 'text' && typeof sentPattern === 'string' ? { pattern: sentPattern } : {};
    const required = entry.optional !== true && (io === 'output' || entry.defaulted !== true);
    return { name, required, ...entry.field, ...pattern };
  });
}

function inputsOf(entries: Record<string, Entry>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, entry.input]));
}

function contentOf(entries: Record<string, Entry>): ElicitContent {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, entry.sent ?? entry.input])) as ElicitContent;
}

function answer(form: FormModel, inputs: Record<string, unknown>): ElicitContent {
  const validation = validateForm(form, inputs);
  if (!validation.ok) throw new Error(`invalid: ${JSON.stringify(validation.errors)}`);
  return validation.content;
}

describe('(a) zod 4 z.toJSONSchema', () => {
  const every = zodObject({ ...EVERY_KIND, ...ZOD_IDIOMS });
  const raw = z.toJSONSchema(every) as Json;
  const form = model(raw);

  it('writes $schema and additionalProperties: false, and the form is offered with every field (not refused)', () => {
    expect(raw).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', additionalProperties: false });
    expect(form.fields).toStrictEqual(expectedFields({ ...EVERY_KIND, ...ZOD_IDIOMS }, raw, 'output'));
    expect(form.fields.find((field) => field.name === 'contact')).toHaveProperty('pattern', (raw['properties'] as Record<string, Json>)['contact']?.['pattern']);
  });

  it('drops the javascript: default with a note, says the lookahead pattern is not checked, and lists what it ignores', () => {
    expect(form.notes).toHaveLength(2);
    expect(form.notes[0]).toBe(HOMEPAGE_NOTE);
    expect(form.notes[1]).toMatch(HOST_NOTE);
    expect(form.ignored).toStrictEqual(ZOD_IDIOM_IGNORED);
  });

  it('the answer the form builds is the one zod accepts', () => {
    const content = answer(form, inputsOf({ ...EVERY_KIND, ...ZOD_IDIOMS }));
    expect(content).toStrictEqual(contentOf({ ...EVERY_KIND, ...ZOD_IDIOMS }));
    expect(every.safeParse(content).success).toBe(true);
  });

  it('refuses what zod would refuse for the pattern (and zod agrees)', () => {
    const inputs = { ...inputsOf({ ...EVERY_KIND, ...ZOD_IDIOMS }), code: 'abcd' };
    expect(validateForm(form, inputs)).toStrictEqual({ ok: false, errors: { code: 'Enter text in the form the server asks for (pattern "^[A-Z]{3}$").' } });
    expect(every.safeParse({ ...contentOf({ ...EVERY_KIND, ...ZOD_IDIOMS }), code: 'abcd' }).success).toBe(false);
  });
});

/**
 * What a 1.x `McpServer` sends when its tool calls `elicitInput`, and what it makes of our answer.
 * The question is read and answered on the client's side of the transport, as the app's engine
 * does, not by the 1.x `Client`, whose own parsing refuses formats it does not know (`hostname`).
 */
async function elicitThroughSdk1(requestedSchema: Json, respond: (raw: Json) => SdkElicitResult): Promise<{ wire: Json; outcome: string }> {
  const server = new McpServer({ name: 'sdk1-elicitation', version: '1.0.0' });
  server.registerTool('ask', { description: 'Asks one form.' }, async () => {
    try {
      const result = await server.server.elicitInput({ message: 'Fill this in', requestedSchema: requestedSchema as never });
      return { content: [{ type: 'text', text: `${result.action}: ${JSON.stringify(result.content ?? {})}` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `refused: ${String(error)}` }], isError: true };
    }
  });
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  let wire: Json = {};
  const deliver = clientSide.onmessage;
  clientSide.onmessage = (message, extra) => {
    if (!('method' in message) || message.method !== 'elicitation/create' || !('id' in message)) return deliver?.(message, extra);
    wire = (message.params as Json)['requestedSchema'] as Json;
    void clientSide.send({ jsonrpc: '2.0', id: message.id, result: respond(wire) });
  };
  try {
    const result = await client.callTool({ name: 'ask', arguments: {} });
    return { wire, outcome: (result.content as { text: string }[])[0]?.text ?? '' };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('(b) the 1.x SDK (McpServer.server.elicitInput with its own zod converter)', () => {
  const every = zodObject({ ...EVERY_KIND, ...ZOD_IDIOMS });

  it('sends a draft-07 form that is offered with every field; its own validator accepts the answer built from it', async () => {
    let form: FormModel | undefined;
    const { wire, outcome } = await elicitThroughSdk1(toJsonSchemaCompat(every), (raw) => {
      form = model(raw);
      return { action: 'accept', content: answer(form, inputsOf({ ...EVERY_KIND, ...ZOD_IDIOMS })) };
    });
    expect(wire).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' });
    expect(form?.fields).toStrictEqual(expectedFields({ ...EVERY_KIND, ...ZOD_IDIOMS }, wire, 'input'));
    expect(form?.notes[0]).toBe(HOMEPAGE_NOTE);
    expect(form?.notes[1]).toMatch(HOST_NOTE);
    expect(form?.ignored).toStrictEqual(ZOD_IDIOM_IGNORED);
    expect(outcome).toBe(`accept: ${JSON.stringify(contentOf({ ...EVERY_KIND, ...ZOD_IDIOMS }))}`);
  });

  it('its validator refuses what our form refuses for a pattern', async () => {
    const withCode = z.object({ code: ZOD_IDIOMS['code']!.zod });
    let form: FormModel | undefined;
    const { outcome } = await elicitThroughSdk1(toJsonSchemaCompat(withCode), (raw) => {
      form = model(raw);
      return { action: 'accept', content: { code: 'abcd' } };
    });
    expect(form !== undefined && validateForm(form, { code: 'abcd' }).ok).toBe(false);
    expect(outcome).toMatch(/^refused: .*does not match requested schema/);
  });
});

describe('(c) the 2.x server (inputRequired.elicit with a zod object)', () => {
  const every = zodObject(EVERY_KIND);
  const request = inputRequired.elicit({ message: 'Fill this in', requestedSchema: every });
  const raw = (request.params as { requestedSchema: Json }).requestedSchema;
  const form = model(raw);

  it('sends every field kind, and the form is offered with all of them', () => {
    expect(raw).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' });
    expect(form.fields).toStrictEqual(expectedFields(EVERY_KIND, raw, 'input'));
    expect(form.notes).toStrictEqual([HOMEPAGE_NOTE]);
    expect(form.ignored).toStrictEqual([]);
  });

  it('the answer the form builds is the one the 2.x server reads back with acceptedContent', () => {
    const content = answer(form, inputsOf(EVERY_KIND));
    expect(content).toStrictEqual(contentOf(EVERY_KIND));
    expect(acceptedContent({ form: { action: 'accept', content } }, 'form', every)).toStrictEqual(every.parse(content));
  });

  it.each(Object.keys(ZOD_IDIOMS).filter((name) => name !== 'nickname'))('cannot send the zod idiom %s at all (so only zod-written and 1.x servers do)', (name) => {
    expect(() => inputRequired.elicit({ message: 'm', requestedSchema: z.object({ [name]: ZOD_IDIOMS[name]!.zod }) })).toThrow(TypeError);
  });
});
