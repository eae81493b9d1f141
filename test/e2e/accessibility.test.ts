/**
 * axe-core on every screen of the real UI (browser mode): no serious or critical violation on
 * the empty inbox, the inbox with tasks, a task's detail, the launcher with a tool's form, the
 * needs-input queue with every kind of question open, the servers screen with the add form open,
 * a server's console and protocol log with a message expanded, and a task's activity with an
 * exchange line expanded. Each screen is checked in the light and in the dark theme.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { ServerActivityPart, TaskActivityPart } from './pages/activity-page.js';
import { sessionForSuite } from './session.js';
import { openQuestion, runTool } from './task-flows.js';
import { withStatus } from './wait.js';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

const THEMES = ['light', 'dark'] as const;

/** Shows `theme` as the header's theme switch does (through `data-theme`), without moving focus. */
async function showTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((name) => {
    (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset.theme = name;
  }, theme);
}

/**
 * The serious and critical violations on the page in each theme, one readable line each (empty
 * when none); the page is left in the system theme.
 */
async function blockingViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await showTheme(page, theme);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    // axe really ran: rules passed on this page.
    expect(results.passes.length).toBeGreaterThan(0);
    for (const violation of results.violations.filter((each) => BLOCKING_IMPACTS.has(each.impact ?? ''))) {
      found.push(`${theme}: ${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }
  }
  await showTheme(page, 'system');
  return found;
}

describe('accessibility (axe-core)', () => {
  const session = sessionForSuite();

  it('the empty inbox', async () => {
    await session.current.ui.inbox.empty.waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('the launcher with the build form', async () => {
    const { ui } = session.current;
    await ui.inbox.emptyRunTool.click();
    await ui.launcher.screen.waitFor();
    await ui.launcher.chooseServer('demo-extension');
    await ui.launcher.chooseTool('build');
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('a completed task\'s detail, with result and timeline', async () => {
    const { ui } = session.current;
    await ui.launcher.field('durationMs').fill('500');
    await ui.launcher.runButton.click();
    await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'completed').waitFor();
    await ui.detail.resultStructured.waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('a task\'s activity with an exchange line expanded', async () => {
    const activity = new TaskActivityPart(session.current.page);
    const line = activity.exchangeLines.first();
    await line.locator('summary').click();
    await line.getByTestId('exchange-copy').first().waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('a running task\'s detail and inbox row, with their progress bars', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    // Long enough to still run after two axe scans on a loaded machine (8 s could end between them).
    await ui.launcher.run('demo-extension', 'build', { durationMs: '30000' });
    const id = await ui.detail.waitForTask();
    await ui.detail.progressBar.waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
    await ui.detail.back.click();
    await ui.inbox.row(id).progressBar.waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('a failed task\'s detail, with its error', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.run('demo-legacy', 'flaky', { delayMs: '100' });
    await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'failed').waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('the inbox with tasks', async () => {
    const { ui } = session.current;
    await ui.show('inbox');
    await ui.inbox.count.waitFor();
    await withStatus(ui.inbox.rows, 'completed').first().waitFor();
    await withStatus(ui.inbox.rows, 'failed').waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('the keyboard shortcuts dialog over the inbox', async () => {
    const { ui, page } = session.current;
    await ui.show('inbox');
    await page.keyboard.press('?');
    await ui.keyboardHelp.waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await ui.keyboardHelp.waitFor({ state: 'hidden' });
  });

  it('the needs-input queue with a form, a sampling request, a web-page request and a roots request open', async () => {
    const { ui } = session.current;
    const asked = [
      await runTool(ui, 'demo-extension', 'configure_release'),
      await runTool(ui, 'demo-legacy', 'summarize_changes', { durationMs: '200' }),
      await runTool(ui, 'demo-legacy', 'open_dashboard', { url: 'https://user@example.com/dashboard', durationMs: '200' }),
      await runTool(ui, 'demo-extension', 'index_workspace', { durationMs: '200' }),
    ];
    for (const taskId of asked) await openQuestion(ui, taskId);
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('the servers screen with the add form and an import report', async () => {
    const { ui } = session.current;
    await ui.show('servers');
    await withStatus((await ui.servers.open('demo-legacy')).state, 'connected').waitFor();
    await ui.servers.addButton.click();
    await ui.servers.form.root().waitFor();
    await ui.servers.importConfig(JSON.stringify({ mcpServers: { 'Local files': { command: 'npx' } } }));
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });

  it('a server\'s console and protocol log, with a message expanded', async () => {
    const { ui } = session.current;
    await ui.show('servers');
    const activity = new ServerActivityPart((await ui.servers.open('demo-legacy')).root);
    await activity.open();
    await activity.console.lines.first().waitFor();
    const message = activity.protocolLines.first();
    await message.locator('summary').click();
    await message.getByTestId('protocol-copy').waitFor();
    expect(await blockingViolations(session.current.page)).toEqual([]);
  });
});
