/**
 * The desktop window's download policy: an export the page made (a `blob:` URL of app://) goes
 * through with the save dialog; anything else is cancelled before a byte is written.
 */
import { EventEmitter } from 'node:events';
import type { DownloadItem, SaveDialogOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { allowOnlyAppExports, isAppExportUrl, type DownloadSession } from '../../../electron/main/download-policy.js';
import { APP_ORIGIN } from '../../../electron/main/app-url.js';

function fakeItem(url: string, filename: string) {
  const dialogs: SaveDialogOptions[] = [];
  const item = { getURL: () => url, getFilename: () => filename, setSaveDialogOptions: (options: SaveDialogOptions) => dialogs.push(options) };
  return { item: item as unknown as DownloadItem, dialogs };
}

function download(url: string, filename = 'task.json') {
  const emitter = new EventEmitter();
  const warnings: string[] = [];
  allowOnlyAppExports(emitter as unknown as DownloadSession, { debug: () => undefined, info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined });
  let isPrevented = false;
  const { item, dialogs } = fakeItem(url, filename);
  emitter.emit('will-download', { preventDefault: () => (isPrevented = true) }, item);
  return { isPrevented, dialogs, warnings };
}

describe('downloads in the desktop app', () => {
  it('lets an export of the app page through, asking where to save it', () => {
    const outcome = download(`blob:${APP_ORIGIN}/1f0c7a52-7f1e-4b8e-9a55-3f7d7f0d2a11`);
    expect(outcome.isPrevented).toBe(false);
    expect(outcome.dialogs).toEqual([{ title: 'Save the export', defaultPath: 'task.json' }]);
  });

  it.each([
    'https://example.com/payload.exe',
    'blob:https://example.com/1f0c7a52',
    `${APP_ORIGIN}/index.html`,
    'data:application/octet-stream;base64,AAAA',
    `blob:${APP_ORIGIN}.evil.example/1f0c`,
  ])('cancels %s', (url) => {
    const outcome = download(url);
    expect(outcome.isPrevented).toBe(true);
    expect(outcome.dialogs).toEqual([]);
    expect(outcome.warnings).toHaveLength(1);
    expect(isAppExportUrl(url)).toBe(false);
  });
});
