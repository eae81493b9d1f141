/**
 * The "browser" of a headless sign-in (`--browser follow`): a plain HTTP client that opens the
 * authorization page and follows its redirects, one hop at a time, until one goes to the sign-in's
 * own redirect address (the engine's loopback listener) — the same redirect the desktop's browser
 * takes. It suits authorization servers that answer at once (an automated or already-consented
 * client); one that shows a login page needs a person, and the failure says so.
 *
 * Bounded: at most `MAX_HOPS` redirects, http(s) only, bodies read to at most `MAX_PAGE_BYTES`
 * and never shown (a page may carry anything).
 */

/** Redirects followed before giving up (a loop, or a chain no browser would sit through). */
const MAX_HOPS = 10;
/** How much of a page's body is read before the connection is dropped. */
const MAX_PAGE_BYTES = 256 * 1024;
/** Per request. */
const HOP_TIMEOUT_MS = 15_000;

/** The `fetch` it uses (the global one by default). */
export type PageFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Opens `authorizationUrl` and follows redirects until one reaches its `redirect_uri`, which is
 * then opened too (that request hands the answer to the listener). Rejects, saying why, when the
 * chain ends anywhere else, is too long, or leaves http(s).
 */
export async function followAuthorizationRedirects(authorizationUrl: string, fetchPage: PageFetch = fetch): Promise<void> {
  let url = new URL(authorizationUrl);
  const redirectUri = url.searchParams.get('redirect_uri');
  if (redirectUri === null) throw new Error('The authorization page has no redirect_uri: there is nothing to follow it to.');
  const target = new URL(redirectUri);
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The sign-in redirected to a ${url.protocol} address, which a plain HTTP client does not open.`);
    const reachesListener = url.origin === target.origin && url.pathname === target.pathname;
    const response = await fetchPage(url.href, { redirect: 'manual', signal: AbortSignal.timeout(HOP_TIMEOUT_MS), headers: { accept: 'text/html,*/*' } });
    await drain(response);
    if (reachesListener) {
      if (response.ok) return;
      throw new Error(`The sign-in's redirect address answered HTTP ${response.status}.`);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      throw new Error(`The authorization server answered HTTP ${response.status} at ${describe(url)} instead of sending the browser back: it wants a person (a login or consent page). Sign in with --browser print and open the page in a browser.`);
    }
    url = new URL(location, url);
  }
  throw new Error(`The sign-in redirected more than ${MAX_HOPS} times without coming back.`);
}

/** Reads and drops at most `MAX_PAGE_BYTES` of the body, so the connection is released. */
async function drain(response: Response): Promise<void> {
  const body: ReadableStream<Uint8Array> | null = response.body;
  const reader = body?.getReader();
  if (reader === undefined) return;
  let read = 0;
  try {
    while (read <= MAX_PAGE_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** An address without its query (it carries the sign-in's parameters) for a message. */
function describe(url: URL): string {
  return `${url.origin}${url.pathname}`.slice(0, 200);
}
