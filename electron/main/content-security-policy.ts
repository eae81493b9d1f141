/**
 * The headers every `app://` response carries. docs/security.md#content-security-policy: a
 * Content-Security-Policy with no `unsafe-eval` or `unsafe-inline` for scripts; only our own files
 * may run, nothing may be framed, and the page may not post forms or change its base URL. Styles
 * are `'self'` only too: React's `style` props go through the CSSOM, which CSP does not restrict,
 * so no inline `<style>` is needed.
 */

/** The policy, one directive per entry (joined with `; ` for the header). */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** The `Content-Security-Policy` header value. */
export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.join('; ');

/** Headers added to every `app://` response; `nosniff` keeps an unknown file type from being run as script. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
