/**
 * Answering servers' questions through the real UI in browser mode, against both embedded demo
 * servers (the tasks extension asks with `inputRequests`, the 2025-11-25 server with a real
 * `elicitation/create`): deploy accepted, declined and cancelled, and the every-kind release
 * form filled completely, with an invalid entry refused in the form before a valid submit.
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { DEMO_SERVER_IDS, completedResult, openQuestion, runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

describe('answering questions in browser mode', () => {
  const session = sessionForSuite();

  const run = (serverId: string, tool: string, fields: Record<string, string> = {}) => runTool(session.current.ui, serverId, tool, fields);
  const question = (taskId: string) => openQuestion(session.current.ui, taskId);
  const completed = (taskId: string) => completedResult(session.current.ui, taskId);

  describe.each(DEMO_SERVER_IDS)('deploy on %s', (serverId) => {
    it('accept with confirm and production deploys (started true)', async () => {
      const id = await run(serverId, 'deploy', { service: 'api', durationMs: '400' });
      const item = await question(id);
      await expect(item.serverName.textContent()).resolves.toMatch(/^Demo/);
      await withText(item.root, 'Deploy service "api"?').waitFor();
      await withText(item.card, 'Share only what you would trust this server with.').waitFor();
      // The default is prefilled, but nothing was sent on its own.
      await expect(item.field('environment').inputValue()).resolves.toBe('staging');
      await item.choose('confirm', true);
      await item.field('environment').selectOption('production');
      await item.field('note').fill('from the e2e suite');
      await item.accept.click();
      await item.root.waitFor({ state: 'detached' });

      const { text, structured, content } = await completed(id);
      expect(text).toBe('Deployed api to production.');
      expect(structured).toMatch(/started\W+true/);
      expect(content).toEqual({ service: 'api', started: true, environment: 'production', note: 'from the e2e suite' });
    });

    it('decline completes without deploying (started false)', async () => {
      const id = await run(serverId, 'deploy', { service: 'api', durationMs: '400' });
      const item = await question(id);
      await item.field('note').fill('typed, then declined');
      await item.decline.click();
      await item.root.waitFor({ state: 'detached' });
      const { text, content } = await completed(id);
      expect(text).toBe('Deployment of api was not started: the user chose "decline".');
      expect(content).toEqual({ service: 'api', started: false, action: 'decline' });
    });

    it('cancel from the task detail completes without deploying (started false)', async () => {
      const { ui } = session.current;
      const id = await run(serverId, 'deploy', { service: 'api', durationMs: '400' });
      // The same form, embedded in the task's pending-input section.
      const item = ui.inputs.item(id);
      await ui.page.getByTestId('task-pending-inputs').waitFor();
      await item.form.waitFor();
      await item.cancel.click();
      await withStatus(ui.detail.badge, 'completed').waitFor();
      await withText(ui.detail.resultText, 'Deployment of api was not started: the user chose "cancel".').waitFor();
      expect(await ui.detail.resultStructured.textContent()).toMatch(/started\W+false/);
    });
  });

  it('fills the every-kind release form, refusing an invalid entry with a message before a valid submit', async () => {
    const id = await run('demo-legacy', 'configure_release');
    const item = await question(id);
    await expect(item.field('version').inputValue()).resolves.toBe('1.0.0');
    await expect(item.field('replicas').inputValue()).resolves.toBe('3');

    await item.field('version').fill('2.4.1');
    await item.field('contact').fill('release-manager@example.com');
    await item.field('changelogUrl').fill('https://example.com/changelog');
    await item.field('releaseDate').fill('2026-04-01');
    await item.field('freezeAt').fill('2026-03-25T17:00:00Z');
    await item.field('rolloutPercent').fill('12.5');
    await item.choose('notifySubscribers', false);
    await item.field('channel').selectOption('stable');
    await item.field('region').selectOption('us-east');
    await item.field('priority').selectOption('p1');
    await item.field('platforms').getByLabel('macos', { exact: true }).check();
    await item.field('reviewers').getByLabel('Bob (QA)').check();

    // An invalid entry: refused in the form with a message next to the field; nothing is sent.
    await item.field('replicas').fill('2.5');
    await withText(item.fieldError('replicas'), 'Enter a whole number between 1 and 20.').waitFor();
    await item.accept.click();
    await item.fieldError('replicas').waitFor();
    await expect(item.accept.isEnabled()).resolves.toBe(true);
    await expect(item.form.isVisible()).resolves.toBe(true);

    await item.field('replicas').fill('4');
    await item.fieldError('replicas').waitFor({ state: 'detached' });
    await item.accept.click();
    await item.root.waitFor({ state: 'detached' });

    const { text, content } = await completed(id);
    expect(text).toBe('Release 2.4.1 configured.');
    // Exactly what was entered, typed as the form declares (numbers as numbers, options in their order).
    expect(content).toEqual({
      version: '2.4.1',
      contact: 'release-manager@example.com',
      changelogUrl: 'https://example.com/changelog',
      releaseDate: '2026-04-01',
      freezeAt: '2026-03-25T17:00:00Z',
      rolloutPercent: 12.5,
      replicas: 4,
      notifySubscribers: false,
      channel: 'stable',
      region: 'us-east',
      priority: 'p1',
      platforms: ['linux', 'macos'],
      reviewers: ['bob'],
    });
  });
});
