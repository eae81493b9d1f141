/**
 * A task asking two things at once (`plan_release`: a release window and an approver), answered
 * through the real UI on the task's detail against both demo servers. The extension server lists
 * both keys on one `tasks/get`: the first answer is held ("Answered") and both go out in one
 * `tasks/update`; the 2025-11-25 server sends two `elicitation/create` requests, answered one by one.
 * On the needs-input queue the two are one card, both texts in view; a held decline reads as one.
 */
import type { Locator } from 'playwright';
import { describe, expect, it } from 'vitest';
import { InputItem } from './pages/inputs-page.js';
import { sessionForSuite } from './session.js';
import { DEMO_SERVER_IDS, completedResult, runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

describe('two questions at once in browser mode', () => {
  const session = sessionForSuite();

  /** The question on the open task's detail whose form has field `field`. */
  function questionWith(field: string): InputItem {
    const items: Locator = session.current.ui.page.getByTestId('task-pending-inputs').getByTestId('input-item');
    return new InputItem(items.filter({ has: session.current.ui.page.getByTestId(`input-field-${field}`) }));
  }

  it.each(DEMO_SERVER_IDS)('on %s both questions show together, and both answers reach the server', async (serverId) => {
    const { ui } = session.current;
    const id = await runTool(ui, serverId, 'plan_release', { durationMs: '200' });
    const window = questionWith('date');
    const approver = questionWith('approver');
    await window.form.waitFor();
    await approver.form.waitFor();
    expect(await ui.page.getByTestId('task-pending-inputs').getByTestId('input-item').count()).toBe(2);

    await window.field('date').fill('2026-12-01');
    await window.field('window').selectOption('evening');
    await window.accept.click();
    if (serverId === 'demo-extension') {
      // Held until the other question is answered: the task still waits, the answer shows as given.
      const held = new InputItem(ui.page.locator(`[data-testid="input-item"][data-task-id="${id}"][data-key="release_window"]`));
      await held.held.waitFor();
      expect(await held.form.count()).toBe(0);
      await withStatus(ui.detail.badge, 'input-required').waitFor();
    } else {
      await window.root.waitFor({ state: 'detached' });
    }

    await approver.field('approver').fill('not an address');
    await approver.accept.click();
    await approver.fieldError('approver').waitFor();
    await approver.field('approver').fill('ops@example.com');
    await approver.accept.click();

    const result = await completedResult(ui, id);
    expect(result.content).toEqual({
      planned: true,
      window: { action: 'accept', content: { date: '2026-12-01', window: 'evening' } },
      approver: { action: 'accept', content: { approver: 'ops@example.com', notify: true } },
    });
    await ui.show('inputs');
    await expect.poll(() => ui.inputs.item(id).root.count()).toBe(0);
  });

  it.each(DEMO_SERVER_IDS)('on %s the queue shows the task\'s two questions in one card, both forms in view', async (serverId) => {
    const { ui } = session.current;
    const id = await runTool(ui, serverId, 'plan_release', { durationMs: '200' });
    await ui.show('inputs');
    const card = ui.inputs.card(id);
    await expect.poll(() => card.getByTestId('input-form').count()).toBe(2);
    await expect(ui.inputs.cards.count()).resolves.toBe(1);
    await expect(card.getByTestId('input-server-name').count()).resolves.toBe(1);
    await withText(ui.inputs.count, /^2\b/).waitFor();
    await expect(ui.page.getByTestId('input-open').count()).resolves.toBe(0);
    // Declined and cancelled: nothing to plan; the queue empties.
    const inCard = (field: string) => new InputItem(card.getByTestId('input-item').filter({ has: ui.page.getByTestId(`input-field-${field}`) }));
    await inCard('date').decline.click();
    await inCard('approver').cancel.click();
    await expect.poll(() => ui.inputs.item(id).root.count()).toBe(0);
  });

  it('on demo-extension a held decline reads as declined, is not counted as waiting, and reaches the server as one', async () => {
    const { ui } = session.current;
    const id = await runTool(ui, 'demo-extension', 'plan_release', { durationMs: '200' });
    await ui.show('inputs');
    const window = ui.inputs.item(id, 'release_window');
    await window.form.waitFor();
    await window.decline.click();
    await withText(window.held, /^Declined\./).waitFor();
    await expect(window.root.textContent()).resolves.not.toContain('Answered');
    await withText(ui.inputs.count, /^1\b/).waitFor();

    const approver = ui.inputs.item(id, 'release_approver');
    await approver.field('approver').fill('ops@example.com');
    await approver.accept.click();
    const result = await completedResult(ui, id);
    expect(result.content).toEqual({ planned: false, window: { action: 'decline' }, approver: { action: 'accept', content: { approver: 'ops@example.com', notify: true } } });
    const showAll = ui.page.getByTestId('timeline-show-all');
    if (await showAll.count() > 0) await showAll.click();
    await withText(ui.detail.timelineEntries, 'App: Declined an input request').waitFor();
  });
});
