/**
 * The headless sign-in's "browser" (`--browser follow`) against real node:http servers: it follows
 * an authorization server's redirects back to the sign-in's redirect address, and stops, saying
 * why, at a login page, a redirect loop, or a scheme a plain HTTP client does not open.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followAuthorizationRedirects } from '../../electron/cli/terminal-client/headless-browser.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('followAuthorizationRedirects', () => {
  it('follows the authorization server\'s redirects (across hosts) to the redirect address, once', async () => {
    const callbacks: string[] = [];
    const listener = await serve((request, response) => {
      callbacks.push(request.url ?? '');
      response.end('You can close this tab.');
    });
    const idp = await serve((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      response.writeHead(302, { location: `${url.searchParams.get('to') ?? ''}?code=c0de&state=s1` }).end();
    });
    const as = await serve((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      response.writeHead(302, { location: `${idp}/login?to=${encodeURIComponent(url.searchParams.get('redirect_uri') ?? '')}` }).end('moved');
    });
    await followAuthorizationRedirects(`${as}/authorize?response_type=code&state=s1&redirect_uri=${encodeURIComponent(`${listener}/callback`)}`);
    expect(callbacks).toEqual(['/callback?code=c0de&state=s1']);
  });

  it('stops at a page that wants a person, saying so', async () => {
    const as = await serve((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<form>password</form>'));
    await expect(followAuthorizationRedirects(`${as}/authorize?redirect_uri=${encodeURIComponent('http://127.0.0.1:9/callback')}`)).rejects.toThrow(/HTTP 200 .* wants a person/);
  });

  it('gives up on a redirect loop', async () => {
    const as = await serve((request, response) => response.writeHead(302, { location: request.url ?? '/' }).end());
    await expect(followAuthorizationRedirects(`${as}/authorize?redirect_uri=${encodeURIComponent('http://127.0.0.1:9/callback')}`)).rejects.toThrow(/more than 10 times/);
  });

  it('does not open a scheme other than http(s)', async () => {
    const as = await serve((_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end());
    await expect(followAuthorizationRedirects(`${as}/authorize?redirect_uri=${encodeURIComponent('http://127.0.0.1:9/callback')}`)).rejects.toThrow(/file: address/);
  });
});
