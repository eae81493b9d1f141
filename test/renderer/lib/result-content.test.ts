// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { imageDataUri, readToolResult } from '../../../renderer/lib/result-content';

const PNG = 'iVBORw0KGgo=';

describe('imageDataUri', () => {
  it.each<[string, unknown, unknown, string | undefined]>([
    ['base64 PNG', PNG, 'image/png', `data:image/png;base64,${PNG}`],
    ['type is normalised', PNG, ' IMAGE/PNG ', `data:image/png;base64,${PNG}`],
    ['line breaks in base64 are removed', 'iVBO\nRw0K\nGgo=', 'image/png', `data:image/png;base64,${PNG}`],
    ['a full data: URI of the same type', `data:image/png;base64,${PNG}`, 'image/png', `data:image/png;base64,${PNG}`],
    ['SVG is refused (it can carry script)', PNG, 'image/svg+xml', undefined],
    ['HTML is refused', PNG, 'text/html', undefined],
    ['an http URL is refused', 'https://evil.example/x.png', 'image/png', undefined],
    ['a data: URI of another type is refused', `data:text/html;base64,${PNG}`, 'image/png', undefined],
    ['characters outside base64 are refused', 'abc"onerror=alert(1)', 'image/png', undefined],
    ['a bad length is refused', 'abc', 'image/png', undefined],
    ['empty data', '', 'image/png', undefined],
    ['missing type', PNG, undefined, undefined],
    ['non-string data', 42, 'image/png', undefined],
  ])('%s', (_name, data, mimeType, expected) => {
    expect(imageDataUri(data, mimeType)).toBe(expected);
  });
});

describe('readToolResult', () => {
  it('reads every content kind', () => {
    const view = readToolResult({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd', description: 'a file' },
        { type: 'resource', resource: { uri: 'mem://x', text: 'inline', mimeType: 'text/plain' } },
        { type: 'resource', resource: { uri: 'mem://bin', blob: 'AAAA' } },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'video' },
        { type: 'text' },
        'not an object',
      ],
      structuredContent: { a: 1 },
      isError: true,
    });
    expect(view.isError).toBe(true);
    expect(view.hasStructuredContent).toBe(true);
    expect(view.structuredContent).toEqual({ a: 1 });
    expect(view.blocks).toEqual([
      { kind: 'text', text: 'hello' },
      { kind: 'image', src: `data:image/png;base64,${PNG}`, mimeType: 'image/png' },
      { kind: 'resource-link', uri: 'file:///etc/passwd', name: 'passwd', description: 'a file' },
      { kind: 'resource', uri: 'mem://x', text: 'inline', mimeType: 'text/plain' },
      { kind: 'resource', uri: 'mem://bin' },
      { kind: 'unsupported', type: 'audio', reason: expect.stringMatching(/Audio/) },
      { kind: 'unsupported', type: 'video', reason: expect.stringMatching(/Unknown/) },
      { kind: 'unsupported', type: 'text', reason: expect.stringMatching(/without text/) },
      { kind: 'unsupported', type: 'string', reason: expect.stringMatching(/Not a content object/) },
    ]);
  });

  it.each([
    ['no content at all', {}],
    ['content that is not an array', { content: 'text' }],
  ])('tolerates %s', (_name, result) => {
    expect(readToolResult(result)).toEqual({ blocks: [], isError: false, hasStructuredContent: false, structuredContent: undefined });
  });

  it('treats only isError === true as an error', () => {
    expect(readToolResult({ content: [], isError: 'yes' }).isError).toBe(false);
  });
});
