/**
 * Serves the built renderer under `app://` (docs/security.md#custom-protocol: a custom protocol,
 * not `file://`). Which file a URL may reach is decided by `resolveAppFile`; this module only reads
 * it and adds the security headers.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import type { Logger } from '../engine/index.js';
import { APP_SCHEME, resolveAppFile } from './app-url.js';
import { APP_RESPONSE_HEADERS } from './content-security-policy.js';

/**
 * Declares `app:` standard (an origin of its own, relative URLs resolve), secure (a secure
 * context, like https) and fetchable. Not `corsEnabled`: that would let other origins read
 * app:// responses. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Answers `app://` requests of the default session with files from `rootDir`. Call once the app is ready. */
export function serveAppProtocol(rootDir: string, logger: Logger): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const lookup = resolveAppFile(request.url, rootDir, request.method);
    if (!lookup.ok) {
      logger.warn('Refused an app:// request', { status: lookup.status, reason: lookup.reason });
      return new Response(null, { status: lookup.status, headers: APP_RESPONSE_HEADERS });
    }
    let body: Buffer;
    try {
      body = await readFile(lookup.filePath);
    } catch {
      return new Response(null, { status: 404, headers: APP_RESPONSE_HEADERS });
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': lookup.contentType },
    });
  });
}
