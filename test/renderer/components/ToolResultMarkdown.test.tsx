// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeProvider } from '../../../renderer/bridge/bridge-context';
import { ToolResultView } from '../../../renderer/components/ToolResultView';
import { LiveProvider } from '../../../renderer/live/live-context';
import { createLiveStore, setPushed } from '../../../renderer/live/live-store';
import { createQueryClient } from '../../../renderer/queries/query-client';
import { createFakeBridge } from '../fake-bridge';
import { makeAppInfo } from '../factories';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderResult(result: Record<string, unknown>, mode: 'electron' | 'browser' = 'electron') {
  const bridge = createFakeBridge();
  const live = createLiveStore();
  setPushed(live, 'appInfo', makeAppInfo({ mode }));
  return render(
    <BridgeProvider bridge={bridge}>
      <LiveProvider store={live}>
        <QueryClientProvider client={createQueryClient()}>
          <ToolResultView result={result} />
        </QueryClientProvider>
      </LiveProvider>
    </BridgeProvider>,
  );
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

describe('markdown results', () => {
  it('renders markdown text as markdown, with a switch to the exact text', async () => {
    renderResult(text('# Release 2\n\nShipped **3** fixes:\n\n- one\n- two'));
    const markdown = await screen.findByTestId('markdown-text');
    expect(within(markdown).getByRole('heading', { level: 1, name: 'Release 2' })).toBeTruthy();
    expect(within(markdown).getAllByRole('listitem')).toHaveLength(2);
    expect(markdown.querySelector('strong')?.textContent).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Show as text' }));
    expect(screen.queryByTestId('markdown-text')).toBeNull();
    expect(screen.getByTestId('result-text').textContent).toBe('# Release 2\n\nShipped **3** fixes:\n\n- one\n- two');
    expect(screen.getByRole('button', { name: 'Show as text' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps plain text as preformatted text, with no switch', () => {
    renderResult(text('Built 3 targets in 4.2 s.'));
    expect(screen.getByTestId('result-text').tagName).toBe('PRE');
    expect(screen.queryByRole('button', { name: 'Show as text' })).toBeNull();
  });

  it('renders an embedded text/markdown resource as markdown even without markdown signs', async () => {
    renderResult({ content: [{ type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: 'Just *one* line' } }] });
    const markdown = await screen.findByTestId('markdown-text');
    expect(markdown.querySelector('em')?.textContent).toBe('one');
  });

  it('drops raw HTML: no element from the text, no script, no handler', async () => {
    const { container } = renderResult(text('# Title\n\n<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold?</b>\n\n<div onclick="alert(3)">block</div>'));
    await screen.findByTestId('markdown-text');
    expect(container.querySelector('script, img, b, div[onclick], [onerror]')).toBeNull();
  });

  it('shows a javascript: link as plain text, not as something to click', async () => {
    renderResult(text('# Links\n\n[click me](javascript:alert(1)) and [data](data:text/html,hi)'));
    const markdown = await screen.findByTestId('markdown-text');
    expect(markdown.textContent).toContain('click me');
    expect(within(markdown).queryAllByRole('button')).toHaveLength(0);
    expect(within(markdown).queryAllByRole('link')).toHaveLength(0);
    expect(markdown.innerHTML).not.toMatch(/javascript:|data:text/);
  });

  it('never loads an image: its description and address show as text', async () => {
    const { container } = renderResult(text('# Chart\n\n![build times](https://tracker.example/pixel.png)'));
    await screen.findByTestId('markdown-text');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('markdown-image').textContent).toBe('[Image not loaded: build times] (https://tracker.example/pixel.png)');
  });

  it('a link asks before opening, opens only after Open, and Cancel opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderResult(text('# Docs\n\nSee [the guide](https://docs.example/guide).'));
    const link = await screen.findByRole('button', { name: 'the guide' });
    expect(link.tagName).toBe('BUTTON');

    fireEvent.click(link);
    const question = screen.getByRole('group', { name: 'Open link' });
    expect(within(question).getByTestId('markdown-link-address').textContent).toBe('https://docs.example/guide');
    expect(open).not.toHaveBeenCalled();
    expect(await screen.findByTestId('markdown-link-open')).toBe(document.activeElement);
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Open link' })).toBeNull();
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(link);
    fireEvent.click(screen.getByTestId('markdown-link-open'));
    expect(open).toHaveBeenCalledExactlyOnceWith('https://docs.example/guide', '_blank', 'noopener,noreferrer');
  });

  it('in browser mode a link only offers its address to copy', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderResult(text('# Docs\n\nSee [the guide](https://docs.example/guide).'), 'browser');
    fireEvent.click(await screen.findByRole('button', { name: 'the guide' }));
    const question = await screen.findByRole('group', { name: 'Open link' });
    expect(within(question).getByRole('button', { name: 'Copy link address' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(question).queryByTestId('markdown-link-open')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});
