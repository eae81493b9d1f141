/**
 * Saves text the app made (an export) as a file the user keeps: a Blob behind an
 * `<a download>`. Browser mode downloads it; the desktop app lets only such downloads of its own
 * page through and asks where to save (electron/main/web-contents-policy.ts).
 */

/** A file name of letters, digits, dots, dashes and underscores only, from untrusted parts (ids). */
export function safeFileName(stem: string, extension: string): string {
  const cleaned = stem.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '').slice(0, 100);
  return `${cleaned === '' ? 'export' : cleaned}.${extension}`;
}

/** Offers `text` as a download named `fileName` with the MIME type `type`. */
export function saveTextFile(fileName: string, text: string, type: 'application/json' | 'application/x-ndjson'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
