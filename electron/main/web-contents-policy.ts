/**
 * What every web contents and the session may not do
 * (docs/security.md#navigation-windows-and-permissions): navigate anywhere, redirect, open windows,
 * attach `<webview>`s, or get any permission. Navigation is refused outright: the UI is one page
 * whose routes never leave the document.
 */
import type { Session, WebContents } from 'electron';
import type { Logger } from '../engine/index.js';
import { openExternalSafe } from './open-external.js';

/** Denies every permission request and check of `session` (camera, notifications, clipboard, …). */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Blocks navigation, redirects, new windows and `<webview>` in `contents`. A page asking for a
 * new window (`target="_blank"`, `window.open`) gets none; its URL goes to `openExternalSafe`,
 * which opens it in the user's browser only if it is `https:` (or loopback `http:`).
 */
export function lockDownWebContents(contents: WebContents, logger: Logger): void {
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    logger.warn('Blocked a navigation', { event: 'will-navigate' });
  });
  contents.on('will-frame-navigate', (event) => {
    event.preventDefault();
    logger.warn('Blocked a navigation', { event: 'will-frame-navigate' });
  });
  contents.on('will-redirect', (event) => {
    event.preventDefault();
    logger.warn('Blocked a navigation', { event: 'will-redirect' });
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('Blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafe(url, logger).catch((error: unknown) => logger.warn('Could not open a URL in the browser', { error: String(error) }));
    return { action: 'deny' };
  });
}
