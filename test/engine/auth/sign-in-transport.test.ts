/**
 * The two pieces of sign-in that talk to the network on their own: the loopback receiver (one
 * answer with the right state, fixed pages, a timeout on the engine's clock) and the guarded
 * fetch every sign-in request goes out on (https or loopback only, no foreign redirects, bounded
 * reads), on real loopback sockets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authFetch, isSecureAuthUrl, MAX_AUTH_RESPONSE_BYTES } from '../../../electron/engine/auth/auth-fetch.js';
import { SIGN_IN_TIMEOUT_MS, startLoopbackReceiver } from '../../../electron/engine/auth/loopback-receiver.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  })));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the loopback receiver', () => {
  it('listens on 127.0.0.1 at /callback, answers 404 elsewhere, and escapes nothing back', async () => {
    const receiver = await startLoopbackReceiver('s1', new FakeClock());
    expect(receiver.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const elsewhere = await fetch(new URL('/other?state=s1', receiver.redirectUrl));
    expect(elsewhere.status).toBe(404);
    const wrong = await fetch(`${receiver.redirectUrl}?state=%3Cscript%3E&code=c`);
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toContain('not this sign-in');
    expect(page).not.toContain('<script>');
    expect(wrong.headers.get('content-security-policy')).toBe("default-src 'none'");
    const right = await fetch(`${receiver.redirectUrl}?state=s1&code=c`);
    expect(await right.text()).toContain('You can close this tab');
    expect((await receiver.answer).get('code')).toBe('c');
  });

  it('fails the sign-in after ten minutes without an answer, and stops listening', async () => {
    const clock = new FakeClock();
    const receiver = await startLoopbackReceiver('s2', clock);
    const outcome = receiver.answer.then(() => 'answered', (error: unknown) => String(error));
    await clock.advance(SIGN_IN_TIMEOUT_MS - 1);
    await fetch(`${receiver.redirectUrl}?state=other`);
    await clock.advance(1);
    expect(await outcome).toContain('The sign-in was not finished within 10 minutes.');
    await expect(fetch(`${receiver.redirectUrl}?state=s2&code=c`)).rejects.toThrow();
  });
});

describe('the sign-in fetch', () => {
  it('contacts only https or this computer', async () => {
    expect(isSecureAuthUrl(new URL('https://as.example/token'))).toBe(true);
    expect(isSecureAuthUrl(new URL('http://localhost:8080/token'))).toBe(true);
    expect(isSecureAuthUrl(new URL('http://[::1]:8080/token'))).toBe(true);
    expect(isSecureAuthUrl(new URL('http://as.example/token'))).toBe(false);
    expect(isSecureAuthUrl(new URL('http://127.0.0.1.example/token'))).toBe(false);
    await expect(authFetch()('http://as.example/token', { method: 'POST', body: 'code=secret' })).rejects.toThrow('Refused to contact http://as.example/token: sign-in needs https');
  });

  it('refuses a redirect to another origin, and hands a same-origin one on unfollowed', async () => {
    const foreign = await serve((_request, response) => response.end('{}'));
    const origin = await serve((request, response) => {
      if (request.url === '/away') return response.writeHead(307, { location: `${foreign}/token` }).end();
      return response.writeHead(302, { location: '/elsewhere' }).end();
    });
    await expect(authFetch()(`${origin}/away`, { method: 'POST' })).rejects.toThrow(`redirected to ${foreign}; a redirect to another host is not followed`);
    const same = await authFetch()(`${origin}/here`);
    expect(same.status).toBe(302);
  });

  it('reads at most 1 MiB, whether declared or streamed', async () => {
    const origin = await serve((request, response) => {
      if (request.url === '/declared') return response.writeHead(200, { 'content-length': String(MAX_AUTH_RESPONSE_BYTES + 1) }).end('x'.repeat(MAX_AUTH_RESPONSE_BYTES + 1));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('x'.repeat(MAX_AUTH_RESPONSE_BYTES));
      response.end('y');
    });
    await expect(authFetch()(`${origin}/declared`)).rejects.toThrow('sent more than 1024 KiB; not read.');
    await expect(authFetch()(`${origin}/streamed`)).rejects.toThrow('sent more than 1024 KiB; not read.');
    const fits = await serve((_request, response) => response.end('{"ok":true}'));
    expect(await (await authFetch()(fits)).json()).toEqual({ ok: true });
  });
});
