/**
 * Sampling answered by a person, and roots shared from the Servers screen, through the real UI in
 * browser mode against both demo servers: `summarize_changes` asks for a model completion
 * (extension: an `inputRequests` entry; 2025-11-25: a real `sampling/createMessage`), and
 * `index_workspace` asks for the roots (`roots/list`).
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { DEMO_SERVER_IDS, completedResult, openQuestion, runTool } from './task-flows.js';
import { withStatus } from './wait.js';

describe('sampling and roots in browser mode', () => {
  const session = sessionForSuite();

  describe.each(DEMO_SERVER_IDS)('summarize_changes on %s', (serverId) => {
    it('shows the conversation and parameters; the reply written by hand becomes the summary', async () => {
      const { ui } = session.current;
      const id = await runTool(ui, serverId, 'summarize_changes', { changes: 'Fixed <b>login</b> crash\nAdded dark mode', durationMs: '200' });
      const question = await openQuestion(ui, id);
      // The changelog reaches the user as text (the markup is not rendered).
      await expect.poll(() => question.sampling.conversation().textContent()).toContain('Fixed <b>login</b> crash');
      expect(await question.sampling.conversation().locator('b').count()).toBe(0);
      expect(await question.sampling.parameters().textContent()).toMatch(/300/);
      expect(await question.sampling.declineEffect().textContent()).toMatch(serverId === 'demo-extension' ? /stops the task/ : /refused the request/);

      // An empty reply is refused in the form, nothing is sent.
      await question.sampling.send().click();
      await question.root.getByTestId('input-sampling-reply-error').waitFor();
      expect(await ui.inputs.item(id).root.count()).toBe(1);

      const reply = 'Login no longer crashes; dark mode arrives.';
      await question.sampling.reply().fill(reply);
      await question.sampling.send().click();
      const result = await completedResult(ui, id);
      expect(result.content).toEqual({ summarized: true, summary: reply, model: 'human (MCP Task Monitor)' });
      expect(result.text).toContain(reply);
    });

    it('decline: the 2025-11-25 server is told it was refused; the extension task is stopped', async () => {
      const { ui } = session.current;
      const id = await runTool(ui, serverId, 'summarize_changes', { durationMs: '200' });
      const question = await openQuestion(ui, id);
      await question.decline.click();
      if (serverId === 'demo-legacy') {
        const result = await completedResult(ui, id);
        expect(result.content).toMatchObject({ summarized: false, reason: expect.stringMatching(/rejected/i) });
      } else {
        await ui.show('inbox');
        await ui.inbox.row(id).open();
        await withStatus(ui.detail.badge, 'cancelled').waitFor();
      }
      await ui.show('inputs');
      await expect.poll(() => ui.inputs.item(id).root.count()).toBe(0);
    });
  });

  describe.each(DEMO_SERVER_IDS)('index_workspace on %s', (serverId) => {
    it('with no folders shared, says so plainly and sends none', async () => {
      const { ui } = session.current;
      const id = await runTool(ui, serverId, 'index_workspace', { durationMs: '200' });
      const question = await openQuestion(ui, id);
      await question.roots.none().waitFor();
      await question.roots.send().click();
      const result = await completedResult(ui, id);
      expect(result.content).toEqual({ roots: [], count: 0 });
    });
  });

  it('a folder shared on the Servers screen is shown in the question and is what the server receives', async () => {
    const { ui } = session.current;
    const serverId = 'demo-extension';
    await ui.show('servers');
    const card = await ui.servers.open(serverId);
    await card.addRoot('/srv/projects/web app', 'Web app');
    expect(await card.rootUris.allTextContents()).toEqual(['file:///srv/projects/web%20app']);

    const id = await runTool(ui, serverId, 'index_workspace', { durationMs: '200' });
    const question = await openQuestion(ui, id);
    await expect.poll(() => question.roots.list().textContent()).toContain('file:///srv/projects/web%20app');
    await question.roots.send().click();
    const result = await completedResult(ui, id);
    expect(result.content).toEqual({ roots: ['file:///srv/projects/web%20app'], count: 1 });
  });
});
