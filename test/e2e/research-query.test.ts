/**
 * An independent 2025-11-25 server through the real UI: @modelcontextprotocol/server-everything
 * over stdio, named on the command line like an operator would (browser mode takes those as
 * approved, docs/security.md#browser-mode). `simulate-research-query` with `ambiguous` asks a
 * titled single-select question on the `tasks/result` stream
 * (docs/protocol-notes.md#server-everything); the choice made in the needs-input queue shows in the
 * report the task completes with.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { completedResult, openQuestion } from './task-flows.js';
import { withText } from './wait.js';

const require = createRequire(import.meta.url);
const EVERYTHING_MAIN = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const EVERYTHING = { id: 'everything', name: 'Everything' } as const;

describe('server-everything research query answered in the UI', () => {
  const session = sessionForSuite(['--server', JSON.stringify({ ...EVERYTHING, transport: 'stdio', command: process.execPath, args: [EVERYTHING_MAIN, 'stdio'] })]);

  it('asks which "python" is meant; the chosen interpretation is in the report', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.chooseServer(EVERYTHING.id);
    await ui.launcher.chooseTool('simulate-research-query');
    await ui.launcher.field('topic').fill('python');
    await ui.launcher.field('ambiguous').check();
    await ui.launcher.runButton.click();
    const id = await ui.detail.waitForTask();

    const item = await openQuestion(ui, id);
    await expect(item.serverName.textContent()).resolves.toContain(EVERYTHING.name);
    await withText(item.root, 'The research query "python" could have multiple interpretations.').waitFor();
    await withText(item.root, 'Clarification').waitFor();
    const choice = item.field('interpretation');
    await expect(choice.locator('option').allTextContents()).resolves.toEqual(['Choose…', 'Python programming language', 'Python snake species', 'Monty Python comedy group']);
    await choice.selectOption({ label: 'Python snake species' });
    await item.accept.click();
    await item.root.waitFor({ state: 'detached' });

    const { text } = await completedResult(ui, id, false);
    // The report is markdown: shown formatted (its title a heading), its source one click away.
    await ui.detail.result.getByRole('heading', { name: 'Research Report: python (snake)' }).waitFor();
    expect(text).toContain('After receiving clarification ("snake")');
    await ui.detail.result.getByTestId('result-show-as-text').click();
    await expect(ui.detail.resultText.textContent()).resolves.toContain('# Research Report: python (snake)');
    await expect(withText(ui.detail.timelineEntries, 'App: Answered an input request: accepted').count()).resolves.toBe(1);
    await expect(ui.inputs.count.count()).resolves.toBe(0);
  }, 60_000);
});
