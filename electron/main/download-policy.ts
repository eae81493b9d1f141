/**
 * Which downloads the window may start: only the files the app itself makes for an export (a
 * `blob:` URL of its own page, e.g. "Export task", "Export log"), each after the user chose where
 * to save it in the system's save dialog. Any other download (a URL a server's text might lead
 * to) is cancelled.
 */
import type { DownloadItem, Session } from 'electron';
import type { Logger } from '../engine/index.js';
import { APP_ORIGIN } from './app-url.js';

/** The part of a session this policy uses. */
export type DownloadSession = Pick<Session, 'on'>;

/** True for a download the policy lets through: a blob the app's own page made. */
export function isAppExportUrl(url: string): boolean {
  return url.startsWith(`blob:${APP_ORIGIN}/`);
}

/** Applies the policy to every download of `session`. */
export function allowOnlyAppExports(session: DownloadSession, logger: Logger): void {
  session.on('will-download', (event, item: DownloadItem) => {
    if (!isAppExportUrl(item.getURL())) {
      event.preventDefault();
      logger.warn('Blocked a download that is not one of the app\'s exports');
      return;
    }
    // No save path set: Electron asks the user where to save, starting from the page's file name.
    item.setSaveDialogOptions({ title: 'Save the export', defaultPath: item.getFilename() });
  });
}
