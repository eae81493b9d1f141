/** Reads a picked file as text with FileReader (the renderer has no file system access). */

/** The largest config the host accepts (`servers:import` takes at most 1,000,000 characters). */
export const MAX_IMPORT_CHARS = 1_000_000;

/** The file's text, or rejects with a message for the user. */
export function readFileText(file: Blob): Promise<string> {
  if (file.size > MAX_IMPORT_CHARS * 4) return Promise.reject(new Error('This file is too large to be a server config.'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      if (text.length > MAX_IMPORT_CHARS) reject(new Error('This file is too large to be a server config.'));
      else resolve(text);
    };
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
