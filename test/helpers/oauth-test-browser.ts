/**
 * A "browser" for sign-in tests: a plain HTTP client that keeps cookies, follows redirects and
 * fills in the demo authorization server's own login and consent pages (oidc-provider's
 * development interactions: any login and password pass). No mock: the pages, forms, cookies
 * and redirects are the real provider's.
 *
 *   const browser = new OAuthTestBrowser();
 *   engine options: signIn: { openAuthorizationUrl: (url) => browser.authorize(url).then(() => {}) }
 *
 * `authorize(url)` walks from the authorization URL through login and consent until a redirect
 * leaves the authorization server's origin (the client's `redirect_uri`), then by default
 * delivers that callback (a GET, as a browser would) and reports what it saw. One browser keeps
 * its session cookies, so a second sign-in skips the login page like a real browser would (the
 * provider still asks native clients for consent every time: anyone can claim a native client's id).
 */

/** How the user answers the pages. */
export interface AuthorizeOptions {
  /** The login typed into the login page (the token's `sub`); default `demo-user`. */
  readonly login?: string;
  /** `allow` (default) presses Continue on the consent page; `deny` presses Cancel instead. */
  readonly decision?: 'allow' | 'deny';
  /** Whether to GET the callback URL at the end (default true); false only reports it. */
  readonly deliver?: boolean;
}

/** What one walk through the authorization pages came to. */
export interface AuthorizeOutcome {
  /** The redirect that left the authorization server: the client's redirect URI with `code`/`state` or `error`. */
  readonly callbackUrl: URL;
  /** The provider pages shown on the way, in order. */
  readonly pagesShown: readonly ('login' | 'consent')[];
  /** The callback's answer when delivered. */
  readonly callbackResponse?: { readonly status: number; readonly body: string };
}

/** A bound on redirects and pages per walk, so a loop in a broken server fails the test instead of hanging it. */
const MAX_STEPS = 20;

interface Form {
  readonly action: string;
  readonly fields: Map<string, string>;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/gu, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/giu, (_match, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/gu, '"')
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&amp;/gu, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'u').exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** The first POST form of a page with its named inputs (hidden values as given, others empty). */
function parseForm(html: string): Form | undefined {
  const form = /<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/iu.exec(html);
  if (form === null) return undefined;
  const action = attribute(form[0].slice(0, form[0].indexOf('>') + 1), 'action');
  if (action === undefined) return undefined;
  const fields = new Map<string, string>();
  for (const input of (form[1] ?? '').matchAll(/<input\b[^>]*>/giu)) {
    const name = attribute(input[0], 'name');
    if (name !== undefined) fields.set(name, attribute(input[0], 'value') ?? '');
  }
  return { action, fields };
}

/** The "[ Cancel ]" link of a provider page. */
function cancelLink(html: string): string | undefined {
  const match = /<a href="([^"]*)">\[ Cancel \]<\/a>/u.exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** A cookie-keeping HTTP client that signs in on the demo authorization server's pages. */
export class OAuthTestBrowser {
  /** Cookies by origin (stricter than a browser, which ignores the port: enough for loopback tests). */
  readonly #cookies = new Map<string, Map<string, string>>();

  /** Forgets all cookies: the next sign-in shows the login page again. */
  clearCookies(): void {
    this.#cookies.clear();
  }

  async #request(url: URL, init: { method: 'GET' | 'POST'; body?: URLSearchParams }): Promise<Response> {
    const jar = this.#cookies.get(url.origin);
    const headers: Record<string, string> = {};
    if (jar !== undefined && jar.size > 0) headers['cookie'] = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method: init.method, headers, body: init.body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.#storeCookie(url.origin, line);
    return response;
  }

  #storeCookie(origin: string, line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    const expired = attributes.some((attr) => {
      const [key = '', val = ''] = attr.split('=').map((part) => part.trim());
      return (key.toLowerCase() === 'max-age' && Number(val) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now());
    });
    let jar = this.#cookies.get(origin);
    if (jar === undefined) this.#cookies.set(origin, (jar = new Map<string, string>()));
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }

  /**
   * Visits `authorizationUrl` and answers the pages until a redirect leaves its origin. Throws
   * with the page's text when a page is neither login nor consent (e.g. the provider's error page
   * for a bad request), or after too many steps.
   */
  async authorize(authorizationUrl: string, options: AuthorizeOptions = {}): Promise<AuthorizeOutcome> {
    const start = new URL(authorizationUrl);
    const pagesShown: ('login' | 'consent')[] = [];
    let next: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: start, method: 'GET' };
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const response = await this.#request(next.url, next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        const target = new URL(location, next.url);
        if (target.origin !== start.origin) return this.#finish(target, pagesShown, options.deliver ?? true);
        next = { url: target, method: 'GET' };
        continue;
      }
      const html = await response.text();
      const form = parseForm(html);
      const prompt = form?.fields.get('prompt');
      if (form === undefined || (prompt !== 'login' && prompt !== 'consent')) {
        throw new Error(`unexpected page from the authorization server (HTTP ${response.status}) at ${next.url.href}: ${html.replace(/<[^>]*>/gu, ' ').replace(/\s+/gu, ' ').slice(0, 500)}`);
      }
      pagesShown.push(prompt);
      if (options.decision === 'deny') {
        const cancel = cancelLink(html);
        if (cancel === undefined) throw new Error('the provider page has no Cancel link');
        next = { url: new URL(cancel, next.url), method: 'GET' };
        continue;
      }
      if (prompt === 'login') {
        form.fields.set('login', options.login ?? 'demo-user');
        form.fields.set('password', 'any password');
      }
      next = { url: new URL(form.action, next.url), method: 'POST', body: new URLSearchParams([...form.fields]) };
    }
    throw new Error(`no redirect back to the client after ${MAX_STEPS} steps from ${start.href}`);
  }

  async #finish(callbackUrl: URL, pagesShown: readonly ('login' | 'consent')[], deliver: boolean): Promise<AuthorizeOutcome> {
    if (!deliver) return { callbackUrl, pagesShown };
    const response = await this.#request(callbackUrl, { method: 'GET' });
    return { callbackUrl, pagesShown, callbackResponse: { status: response.status, body: await response.text() } };
  }
}
