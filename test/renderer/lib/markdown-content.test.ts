import { describe, expect, it } from 'vitest';
import { isMarkdownText, isMarkdownType, looksLikeMarkdown, MAX_MARKDOWN_CHARS, safeLinkAddress } from '../../../renderer/lib/markdown-content';

describe('looksLikeMarkdown', () => {
  it.each<[string, string, boolean]>([
    ['a leading heading', '# Release notes\nAll good.', true],
    ['a leading level-3 heading after blank lines', '\n\n### Summary\ntext', true],
    ['a closed fenced code block', 'Run this:\n```sh\nnpm test\n```\n', true],
    ['a tilde fence', '~~~\ncode\n~~~', true],
    ['a heading and a list', 'Intro\n## Steps\n- one\n- two', true],
    ['a list and a link', '- see [docs](https://example.com)\n- more', true],
    ['bold and a table', '**Totals**\n| a | b |\n|---|---|\n| 1 | 2 |', true],
    ['plain prose', 'Built 3 targets in 4.2 s.', false],
    ['a hashtag is no heading', '#1 priority fixed', false],
    ['an unclosed fence', '```\nnot closed', false],
    ['one list alone', '- one\n- two\n- three', false],
    ['a single bullet and bold', '- **only** one', false],
    ['a link alone', 'See [docs](https://example.com).', false],
    ['arithmetic with stars', '2 * 3 * 4 = 24', false],
    ['JSON', '{"a": [1, 2], "b": "# not"}', false],
    ['an empty text', '', false],
  ])('%s', (_name, text, expected) => {
    expect(looksLikeMarkdown(text)).toBe(expected);
  });

  it('leaves very long texts as text', () => {
    expect(looksLikeMarkdown(`# Title\n${'x'.repeat(MAX_MARKDOWN_CHARS)}`)).toBe(false);
  });
});

describe('isMarkdownType and isMarkdownText', () => {
  it.each<[string | undefined, boolean]>([
    ['text/markdown', true],
    ['Text/Markdown; charset=utf-8', true],
    ['text/x-markdown', true],
    ['text/plain', false],
    ['text/html', false],
    [undefined, false],
  ])('%s is markdown: %s', (mimeType, expected) => {
    expect(isMarkdownType(mimeType)).toBe(expected);
    expect(isMarkdownText('plain words', mimeType)).toBe(expected);
  });

  it('a marked text over the limit stays text', () => {
    expect(isMarkdownText('x'.repeat(MAX_MARKDOWN_CHARS + 1), 'text/markdown')).toBe(false);
  });
});

describe('safeLinkAddress', () => {
  it.each<[string, string | undefined]>([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['HTTP://Example.com', 'http://example.com/'],
    ['mailto:ops@example.com', 'mailto:ops@example.com'],
    ['javascript:alert(1)', undefined],
    ['JavaScript:alert(1)', undefined],
    [' javascript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['file:///etc/passwd', undefined],
    ['vbscript:msgbox', undefined],
    ['/relative/path', undefined],
    ['#anchor', undefined],
    ['', undefined],
  ])('%j → %j', (address, expected) => {
    expect(safeLinkAddress(address)).toBe(expected);
  });
});
