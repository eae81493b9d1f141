/** The sampling request check (untrusted params → what the user reads) and the human reply builder. */
import { describe, expect, it } from 'vitest';
import { checkSamplingRequest, formatSize, SAMPLING_LIMITS, type SamplingModel, type SamplingRequestModel } from '../../../shared/sampling/sampling-request.js';
import { HUMAN_MODEL_NAME, humanSamplingResult, MAX_REPLY_LENGTH } from '../../../shared/sampling/sampling-result.js';

const text = (value: string) => ({ type: 'text', text: value });
const base = { messages: [{ role: 'user', content: text('Summarize the changes.') }], maxTokens: 200 };

function accepted(params: unknown): SamplingRequestModel {
  const model = checkSamplingRequest(params);
  if (model.kind !== 'request') throw new Error(`refused: ${model.problems.join(' ')}`);
  return model.request;
}

function problemsOf(params: unknown): string {
  const model: SamplingModel = checkSamplingRequest(params);
  if (model.kind !== 'refusal') throw new Error('expected a refusal');
  return model.problems.join(' ');
}

describe('checkSamplingRequest: accepted requests', () => {
  it('a minimal request: one user message, maxTokens, nothing else', () => {
    expect(checkSamplingRequest(base)).toStrictEqual({
      kind: 'request',
      request: {
        messages: [{ role: 'user', parts: [{ kind: 'text', text: 'Summarize the changes.' }] }],
        parameters: { maxTokens: 200, stopSequences: [], modelHints: [], priorities: {}, tools: [] },
        notes: [],
      },
    });
  });

  it('every parameter of the 2025-11-25 schema', () => {
    const request = accepted({
      ...base,
      systemPrompt: 'You are terse.',
      temperature: 0.2,
      stopSequences: ['\n\nEND'],
      includeContext: 'thisServer',
      modelPreferences: { hints: [{ name: 'claude-3-sonnet' }, {}, { name: 'gpt' }], costPriority: 0.3, speedPriority: 0, intelligencePriority: 1 },
      tools: [{ name: 'search', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'auto' },
      metadata: { provider: 'x' },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } },
      task: { ttl: 1 },
    });
    expect(request.systemPrompt).toEqual([{ kind: 'text', text: 'You are terse.' }]);
    expect(request.parameters).toStrictEqual({
      maxTokens: 200,
      temperature: 0.2,
      stopSequences: ['\n\nEND'],
      includeContext: 'thisServer',
      modelHints: ['claude-3-sonnet', 'gpt'],
      priorities: { cost: 0.3, speed: 0, intelligence: 1 },
      tools: ['search'],
      toolChoice: 'auto',
    });
    expect(request.notes.join(' ')).toMatch(/adds none/);
    expect(request.notes.join(' ')).toMatch(/metadata/);
  });

  const partRows: [string, unknown, string | RegExp][] = [
    ['an image: kind, type and size, never the data', { type: 'image', data: 'A'.repeat(16_384), mimeType: 'image/png' }, 'image, "image/png", 12 KB (not shown)'],
    ['audio', { type: 'audio', data: 'AAA=', mimeType: 'audio/wav' }, 'audio, "audio/wav", 2 bytes (not shown)'],
    ['a hostile mime type is quoted with hidden characters written out', { type: 'image', data: '', mimeType: 'image/png\u202Egpj.exe' }, 'image, "image/png\\u{202E}gpj.exe", 0 bytes (not shown)'],
    ['tool use', { type: 'tool_use', id: 'c1', name: 'search', input: { q: 'x', n: 1 } }, 'The model asked to use the tool "search" with 2 input values (not shown).'],
    ['a tool result', { type: 'tool_result', toolUseId: 'c1', content: [text('r')], isError: true }, 'The result of a tool the model used: 1 content block, reporting an error (not shown).'],
    ['an unknown kind', { type: 'hologram', data: 'x' }, 'A part of a kind this app does not show ("hologram").'],
    ['a kind named like a prototype key', { type: '__proto__' }, 'A part of a kind this app does not show ("__proto__").'],
  ];
  it.each(partRows)('%s', (_what, part, expected) => {
    const [message] = accepted({ ...base, messages: [{ role: 'assistant', content: part }] }).messages;
    expect(message?.role).toBe('assistant');
    expect(message?.parts).toEqual([{ kind: 'note', text: expected }]);
  });

  it('content as a list keeps its order; text is kept exactly, HTML and control characters included', () => {
    const hostile = '<img src=x onerror=alert(1)>\u0000\u202Eevil\ttab\nline';
    const [message] = accepted({ ...base, messages: [{ role: 'user', content: [text(hostile), { type: 'image', data: 'AA==', mimeType: 'image/gif' }, text('')] }] }).messages;
    expect(message?.parts).toEqual([
      { kind: 'text', text: hostile },
      { kind: 'note', text: 'image, "image/gif", 1 byte (not shown)' },
      { kind: 'text', text: '' },
    ]);
  });

  it('long text is cut with a visible note; the whole conversation has a text budget spent on the newest first', () => {
    const long = 'x'.repeat(SAMPLING_LIMITS.textLength + 5);
    const [message] = accepted({ ...base, messages: [{ role: 'user', content: text(long) }] }).messages;
    expect(message?.parts).toEqual([{ kind: 'text', text: 'x'.repeat(SAMPLING_LIMITS.textLength) }, { kind: 'note', text: '…5 more characters are not shown.' }]);

    const many = Array.from({ length: 6 }, (_, index) => ({ role: 'user', content: text(String(index).repeat(SAMPLING_LIMITS.textLength)) }));
    const shown = accepted({ ...base, messages: many }).messages;
    expect(shown).toHaveLength(6);
    expect(shown.at(-1)?.parts).toEqual([{ kind: 'text', text: '5'.repeat(SAMPLING_LIMITS.textLength) }]);
    // 100,000 characters in all: the newest five fill it, the oldest is only counted.
    expect(shown[0]?.parts).toEqual([{ kind: 'note', text: '…20,000 more characters are not shown.' }]);
  });

  it('a cut never splits a surrogate pair', () => {
    const emoji = `${'x'.repeat(SAMPLING_LIMITS.textLength - 1)}😀`;
    const [message] = accepted({ ...base, messages: [{ role: 'user', content: text(emoji) }] }).messages;
    expect(message?.parts[0]).toEqual({ kind: 'text', text: 'x'.repeat(SAMPLING_LIMITS.textLength - 1) });
  });

  it('only the newest messages, parts, hints, stop sequences and tools are shown, the rest counted in notes', () => {
    const request = accepted({
      maxTokens: 1,
      messages: Array.from({ length: SAMPLING_LIMITS.messages + 3 }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: text(`m${index}`) })),
      stopSequences: Array.from({ length: 12 }, (_, index) => `s${index}`),
      modelPreferences: { hints: Array.from({ length: 11 }, (_, index) => ({ name: `h${index}` })) },
      tools: Array.from({ length: SAMPLING_LIMITS.tools + 1 }, (_, index) => ({ name: `t${index}` })),
    });
    expect(request.messages).toHaveLength(SAMPLING_LIMITS.messages);
    expect(request.messages[0]?.parts).toEqual([{ kind: 'text', text: 'm3' }]);
    expect(request.parameters.stopSequences).toHaveLength(SAMPLING_LIMITS.listItems);
    expect(request.parameters.modelHints).toHaveLength(SAMPLING_LIMITS.listItems);
    expect(request.parameters.tools).toHaveLength(SAMPLING_LIMITS.tools);
    expect(request.notes).toEqual([
      'The 3 earliest messages are not shown: this app shows the newest 50.',
      '2 of the 12 stop sequences are not shown.',
      '1 of the 11 model hints is not shown.',
      '1 of the 51 tools is not shown.',
    ]);
    const parts = accepted({ maxTokens: 1, messages: [{ role: 'user', content: Array.from({ length: 22 }, () => text('p')) }] }).messages[0]?.parts;
    expect(parts).toHaveLength(SAMPLING_LIMITS.partsPerMessage + 1);
    expect(parts?.at(-1)).toEqual({ kind: 'note', text: '2 more parts of this message are not shown.' });
    expect(accepted({ ...base, stopSequences: ['s'.repeat(300)] }).parameters.stopSequences).toEqual([`${'s'.repeat(SAMPLING_LIMITS.nameLength)}…`]);
  });

  it('inherited and prototype keys are never read, and nothing stray is copied', () => {
    const params = JSON.parse('{"messages":[{"role":"user","content":{"type":"text","text":"hi","__proto__":{"polluted":1}}}],"maxTokens":5,"__proto__":{"temperature":9},"constructor":{"x":1}}') as unknown;
    const request = accepted(params);
    expect(request.parameters).not.toHaveProperty('temperature');
    expect(JSON.stringify(request)).not.toContain('polluted');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const inherited = Object.create({ maxTokens: 10, messages: base.messages }) as unknown;
    expect(problemsOf(inherited)).toMatch(/no list of messages/);
  });
});

describe('checkSamplingRequest: refusals', () => {
  const rows: [string, unknown, RegExp][] = [
    ['no params', undefined, /no parameters/],
    ['params as a list', [], /no parameters/],
    ['no messages', { maxTokens: 10 }, /no list of messages/],
    ['an empty conversation', { messages: [], maxTokens: 10 }, /no messages/],
    ['a system role', { ...base, messages: [{ role: 'system', content: text('x') }] }, /Message 1 has the role "system"; only "user" and "assistant"/],
    ['no role', { ...base, messages: [{ content: text('x') }] }, /Message 1 has no role/],
    ['a message that is text', { ...base, messages: ['hi'] }, /Message 1 is not an object/],
    ['no content', { ...base, messages: [{ role: 'user' }] }, /Message 1 has no content/],
    ['text without text', { ...base, messages: [{ role: 'user', content: [text('a'), { type: 'text' }] }] }, /Message 1, part 2 is a text part without text/],
    ['an image without data', { ...base, messages: [{ role: 'user', content: { type: 'image', mimeType: 'image/png' } }] }, /an image without data/],
    ['no maxTokens', { messages: base.messages }, /no maxTokens/],
    ['maxTokens as text', { ...base, maxTokens: '100' }, /maxTokens must be a whole number/],
    ['maxTokens zero', { ...base, maxTokens: 0 }, /maxTokens must be a whole number/],
    ['maxTokens fractional', { ...base, maxTokens: 1.5 }, /maxTokens must be a whole number/],
    ['a temperature as text', { ...base, temperature: 'hot' }, /temperature must be a number/],
    ['a system prompt that is not text', { ...base, systemPrompt: { text: 'x' } }, /system prompt is not text/],
    ['an unknown includeContext', { ...base, includeContext: 'everything' }, /includeContext must be/],
    ['stop sequences that are not text', { ...base, stopSequences: ['a', 1] }, /stopSequences must be a list of text/],
    ['a priority above 1', { ...base, modelPreferences: { costPriority: 2 } }, /costPriority must be a number from 0 to 1/],
    ['preferences that are not an object', { ...base, modelPreferences: 'fast' }, /modelPreferences is not an object/],
    ['a tool without a name', { ...base, tools: [{ description: 'x' }] }, /Tool 1 has no name/],
    ['an unknown tool choice', { ...base, toolChoice: { mode: 'always' } }, /toolChoice.mode must be/],
  ];
  it.each(rows)('%s', (_what, params, problem) => {
    expect(problemsOf(params)).toMatch(problem);
  });

  it('lists every problem, at most 20, quoting hostile roles short with hidden characters written out', () => {
    const messages = Array.from({ length: 30 }, () => ({ role: `ad\u202Emin${'x'.repeat(100)}`, content: text('x') }));
    const model = checkSamplingRequest({ messages });
    if (model.kind !== 'refusal') throw new Error('expected a refusal');
    expect(model.problems).toHaveLength(SAMPLING_LIMITS.problems + 1);
    expect(model.problems[0]).toBe(`Message 30 has the role "ad\\u{202E}min${'x'.repeat(34)}…"; only "user" and "assistant" are allowed.`);
    expect(model.problems.at(-1)).toBe('…and 11 more problems.');
  });
});

describe('humanSamplingResult', () => {
  it('builds a CreateMessageResult saying a person answered, with the reply exactly as typed', () => {
    expect(humanSamplingResult('  Looks good.\n')).toStrictEqual({
      ok: true,
      result: { role: 'assistant', content: { type: 'text', text: '  Looks good.\n' }, model: HUMAN_MODEL_NAME, stopReason: 'endTurn' },
    });
    expect(HUMAN_MODEL_NAME).toMatch(/human/);
  });

  it.each([
    ['an empty reply', '', /Write a reply first/],
    ['only whitespace', ' \n\t ', /Write a reply first/],
    ['a reply over the limit', 'x'.repeat(MAX_REPLY_LENGTH + 1), /too long/],
  ])('refuses %s', (_what, reply, problem) => {
    const built = humanSamplingResult(reply);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.problem).toMatch(problem);
  });

  it('accepts a reply of exactly the limit', () => {
    expect(humanSamplingResult('x'.repeat(MAX_REPLY_LENGTH)).ok).toBe(true);
  });
});

describe('formatSize', () => {
  it.each([[0, '0 bytes'], [1, '1 byte'], [1023, '1023 bytes'], [1024, '1 KB'], [12_288, '12 KB'], [3_565_158, '3.4 MB']])('%i → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
