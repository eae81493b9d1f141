/**
 * Headers on every browser-mode answer. The CSP allows only our own scripts and styles (no
 * inline code, no eval: docs/security.md#content-security-policy holds for the browser too) and
 * connections back to this server; `connect-src` names the WebSocket origins explicitly because
 * some browsers do not count `ws:` as 'self'. Nothing is cached: each launch has a new token and
 * port anyway.
 */

/** The response headers for a server on `port`. */
export function securityHeaders(port: number): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}
