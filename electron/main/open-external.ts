/**
 * The app's one way out to the user's browser (docs/security.md#opening-links-in-the-browser):
 * every URL passes `checkExternalUrl` first, and the normalized URL it returns is what the OS
 * receives.
 */
import { shell } from 'electron';
import type { Logger } from '../engine/index.js';
import { checkExternalUrl } from '../../shared/url-policy.js';

/** Opens `url` in the user's browser if `checkExternalUrl` allows it; resolves to whether it did. */
export async function openExternalSafe(url: unknown, logger: Logger): Promise<boolean> {
  const verdict = checkExternalUrl(url);
  if (!verdict.ok) {
    // The URL itself stays out of the log: it may carry tokens.
    logger.warn('Refused to open a URL outside the app', { reason: verdict.reason });
    return false;
  }
  // eslint-disable-next-line no-restricted-syntax -- the one sanctioned call (docs/security.md#opening-links-in-the-browser): the URL passed checkExternalUrl above.
  await shell.openExternal(verdict.url);
  return true;
}
