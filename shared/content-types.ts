/**
 * Content types of the files a Vite build emits, for the two hosts that serve the built UI
 * (the `app://` protocol in Electron, the loopback HTTP server in browser mode). Anything else
 * is opaque bytes; both hosts also send `X-Content-Type-Options: nosniff`.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** The content type for a file path, by its (case-insensitive) extension. */
export function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf('.');
  const extension = dot > path.lastIndexOf('/') && dot !== -1 ? path.slice(dot).toLowerCase() : '';
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension]! : 'application/octet-stream';
}
