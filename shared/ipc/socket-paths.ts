/**
 * The addresses and names of browser mode's server that the page needs before anything else (kept
 * apart from the frame schemas in socket-protocol.ts so that reading them loads no zod).
 */
/** Path of the WebSocket endpoint on the browser-mode server. */
export const BRIDGE_SOCKET_PATH = '/bridge';
/** Query parameter carrying the per-launch token on the first page load. */
export const TOKEN_QUERY_PARAMETER = 'token';
/** Cookie the server sets from the token (HttpOnly, SameSite=Strict) for later requests and the upgrade. */
export const TOKEN_COOKIE = 'mtm_token';
/**
 * Browser mode's sign-in routes: the page opens `SIGN_IN_START_PATH?server=<id>` in a new tab
 * (it starts the sign-in, binds it to this browser with a cookie and goes on to the
 * authorization page); the authorization server sends the browser back to `SIGN_IN_CALLBACK_PATH`.
 */
export const SIGN_IN_START_PATH = '/oauth/start';
export const SIGN_IN_CALLBACK_PATH = '/oauth/callback';
