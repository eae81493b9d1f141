/**
 * An open task page keeps up from the pushed updates alone: while a build runs its steps, the
 * timeline gains each step and the completion, and the page reads the task (`tasks:get`) once,
 * when it opens, not again per update. Watched on the page's own WebSocket to the host.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { AppPage } from './pages/app-page.js';
import { sessionForSuite, UI_TIMEOUT_MS } from './session.js';
import { buildStep, withStatus, withText } from './wait.js';

/** The channels of the invokes `page` sends to the host, as they go out. */
function recordInvokes(page: Page): { channel: string; request: unknown }[] {
  const sent: { channel: string; request: unknown }[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type?: string; channel?: string; request?: unknown };
      if (frame.type === 'invoke' && typeof frame.channel === 'string') sent.push({ channel: frame.channel, request: frame.request });
    });
  });
  return sent;
}

describe('an open task page in browser mode', () => {
  const session = sessionForSuite();

  it.each(['demo-extension', 'demo-legacy'])('follows a build on %s to its end with one read of the task', async (serverId) => {
    const context = await session.current.browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    try {
      const page = await context.newPage();
      const invokes = recordInvokes(page);
      const ui = new AppPage(page);
      await ui.open(session.current.app.url);
      await ui.show('launcher');
      // 5 steps of 600 ms: each one is a pushed update with a new timeline entry.
      await ui.launcher.run(serverId, 'build', { durationMs: '3000' });
      const id = await ui.detail.waitForTask();
      await withText(ui.detail.statusMessage, /Step \d\/5/).waitFor();

      await withStatus(ui.detail.badge, 'completed').waitFor();
      await withStatus(ui.detail.timelineEntries.last().getByTestId('status-badge'), 'completed').waitFor();
      const steps = (await ui.detail.timelineEntries.allTextContents()).map(buildStep).filter((step) => step !== undefined);
      expect(steps.at(-1)).toBe(5);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));

      const reads = invokes.filter(({ channel, request }) => channel === 'tasks:get' && (request as { localId?: string }).localId === id);
      expect(reads, JSON.stringify(invokes.map(({ channel }) => channel))).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
