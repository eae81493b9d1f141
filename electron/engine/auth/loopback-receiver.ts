/**
 * The loopback redirect of a native app's sign-in (RFC 8252 §7.3): for one sign-in, an HTTP
 * server on 127.0.0.1 at an ephemeral port, path `/callback`. It takes exactly one answer with
 * the sign-in's `state` and then closes; an answer with another state gets a 400 page and the
 * wait goes on (it is not this sign-in's). The pages are fixed text: nothing from the request
 * is written back.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, TimerHandle } from '../ports.js';

/** How long a sign-in waits for the browser's answer. */
export const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

/** A listening receiver. */
export interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUrl: string;
  /** The query of the one answer with the right state; rejects on timeout or `close()`. */
  readonly answer: Promise<URLSearchParams>;
  /** Stops listening (idempotent); a pending `answer` rejects. */
  close(): void;
}

const DONE_PAGE = page('Sign-in answer received', 'You can close this tab and go back to MCP Task Monitor.');
const WRONG_STATE_PAGE = page('Not this sign-in', 'This answer is not for the sign-in MCP Task Monitor is waiting for (not this sign-in). Start the sign-in again from the app.');

/** Starts a receiver waiting for `state` (up to `timeoutMs` on `clock`). */
export async function startLoopbackReceiver(state: string, clock: Clock, timeoutMs = SIGN_IN_TIMEOUT_MS): Promise<LoopbackReceiver> {
  let settle: { resolve(params: URLSearchParams): void; reject(error: Error): void } | undefined;
  const answer = new Promise<URLSearchParams>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // A rejection nobody awaits (a receiver closed before anyone listened) is not an unhandled one.
  answer.catch(() => undefined);
  const timing: { timer?: TimerHandle } = {};
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback') return send(response, 404, page('Not found', 'Nothing here.'));
    if (url.searchParams.get('state') !== state || settle === undefined) return send(response, 400, WRONG_STATE_PAGE);
    send(response, 200, DONE_PAGE);
    const done = settle;
    settle = undefined;
    stop();
    done.resolve(url.searchParams);
  });
  const stop = (): void => {
    timing.timer?.cancel();
    server.close();
    server.closeAllConnections();
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  timing.timer = clock.setTimer(timeoutMs, () => {
    const pending = settle;
    settle = undefined;
    stop();
    pending?.reject(new Error(`The sign-in was not finished within ${Math.round(timeoutMs / 60_000)} minutes.`));
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    answer,
    close: () => {
      const pending = settle;
      settle = undefined;
      stop();
      pending?.reject(new Error('The sign-in was stopped.'));
    },
  };
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  response.end(html);
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}
