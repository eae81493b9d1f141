/**
 * A stdio server that cannot start (`node /nonexistent.js`, given on the command line of browser
 * mode), in the real UI: its card says why — the exit code and Node's "Cannot find module" line
 * — stops after the failed starts with a state that says so, and its Retry now, Disable and
 * Enable buttons work in browser mode.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_STARTS } from '../../shared/server-config.js';
import { sessionForSuite } from './session.js';
import { withStatus, withText } from './wait.js';

/** The backoff between the failed starts, with its jitter, stays well under this. */
const STOP_TIMEOUT_MS = 40_000;

describe('a stdio server that cannot start, in browser mode', () => {
  const session = sessionForSuite(['--server', JSON.stringify({ name: 'Broken', command: process.execPath, args: ['/nonexistent.js'] })]);

  it('says why, stops after the failed starts, and can be retried, disabled and enabled', async () => {
    const { ui } = session.current;
    await ui.show('servers');
    const card = await ui.servers.openNamed('Broken');
    await withText(card.exit, /Its process exited with code 1\. It wrote:\s*Error: Cannot find module '\/nonexistent\.js'/).waitFor();

    await withStatus(card.state, 'failed').waitFor({ timeout: STOP_TIMEOUT_MS });
    await expect(card.state.textContent()).resolves.toBe(`Stopped after ${MAX_FAILED_STARTS} failed starts within 2 minutes — not started again until you retry`);

    await card.retryButton.click();
    await card.state.and(ui.page.locator('[data-status="connecting"], [data-status="reconnecting"]')).waitFor();

    await card.disableButton.click();
    await withStatus(card.state, 'disabled').waitFor();
    await expect(card.retryButton.count()).resolves.toBe(0);
    await card.enableButton.click();
    await card.disableButton.waitFor();
    await expect(card.state.getAttribute('data-status')).resolves.not.toBe('disabled');
  }, 90_000);
});
