// @vitest-environment jsdom
/**
 * Sign-in on a server's card: why it is needed, the buttons for each state, the desktop and the
 * browser-mode way to start it, the HTTP transport and sign-in settings in the form.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/ipc/contract';
import type { SignInState } from '../../../../shared/server-config';
import { createFakeBridge, fail, ok, type Handlers } from '../../fake-bridge';
import { makeAppInfo, makeServer } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const BROWSER = { 'app:info': () => ok(makeAppInfo({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' })) } satisfies Handlers;

function remote(signIn: SignInState | undefined, status: NonNullable<ServerView['state']>['status'] = 'needs-sign-in', extra: Partial<ServerView> = {}): ServerView {
  return makeServer({
    id: 'remote',
    name: 'Remote',
    url: 'https://mcp.example/mcp',
    state: { id: 'remote', name: 'Remote', status, ...(signIn !== undefined ? { signIn } : {}) },
    ...extra,
  });
}

function renderServers(servers: ServerView[], handlers: Handlers = {}) {
  const bridge = createFakeBridge({ 'servers:list': () => ok(servers), ...handlers });
  return renderApp({ bridge, state: { screen: 'servers' } });
}

async function panel() {
  return within(await screen.findByTestId('server-sign-in-panel'));
}

describe('a server that asks for sign-in', () => {
  it('says Sign-in needed and why; Sign in asks the host (desktop), which opens the page', async () => {
    const server = remote({ status: 'needed', reason: 'first-time', issuer: 'https://login.example' });
    const { bridge } = renderServers([server], { 'servers:sign-in': () => ok({ authorizationUrl: 'https://login.example/auth?state=s' }) });
    const signIn = await panel();
    expect(screen.getByTestId('server-state').textContent).toBe('Sign-in needed');
    expect(signIn.getByTestId('server-sign-in-headline').textContent).toBe('Sign-in needed');
    expect(signIn.getByTestId('server-sign-in-detail').textContent).toBe('This server asks you to sign in at https://login.example. Its tasks wait until you do.');
    expect(signIn.queryByTestId('server-sign-out')).toBeNull();
    fireEvent.click(signIn.getByTestId('server-sign-in'));
    await waitFor(() => expect(bridge.requestsTo('servers:sign-in')).toEqual([{ id: 'remote' }]));
    bridge.assertNoViolations();
  });

  it('while signing in (desktop) shows the page to finish on, to copy, and opens it again on request', async () => {
    const url = 'https://login.example/auth?client_id=mtm&state=abc';
    const { bridge } = renderServers([remote({ status: 'signing-in', authorizationUrl: url }, 'needs-sign-in')], { 'servers:sign-in': () => ok({ authorizationUrl: url }) });
    const signIn = await panel();
    expect(signIn.getByTestId('server-sign-in-headline').textContent).toBe('Signing in…');
    expect(signIn.getByTestId('server-sign-in-url').textContent).toBe(url);
    expect(signIn.getByTestId('server-sign-in-copy')).toBeTruthy();
    expect(signIn.queryByTestId('server-sign-in')).toBeNull();
    fireEvent.click(signIn.getByTestId('server-sign-in-reopen'));
    await waitFor(() => expect(bridge.requestsTo('servers:sign-in')).toEqual([{ id: 'remote' }]));
  });

  it('in browser mode, Sign in is a link that opens the start route in a new tab (never a blocked popup), not a request', async () => {
    const { bridge } = renderServers([remote({ status: 'needed', reason: 'first-time' })], BROWSER);
    const signIn = await panel();
    const link = await waitFor(() => {
      const element = signIn.getByTestId('server-sign-in');
      expect(element.tagName).toBe('A');
      return element as HTMLAnchorElement;
    });
    expect(link.getAttribute('href')).toBe('/oauth/start?server=remote');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(bridge.requestsTo('servers:sign-in')).toEqual([]);
  });

  it('in browser mode, signing in links to the start route again, never to the authorization page itself', async () => {
    renderServers([remote({ status: 'signing-in', authorizationUrl: 'https://login.example/auth?state=abc' })], BROWSER);
    const signIn = await panel();
    const again = await waitFor(() => signIn.getByTestId('server-sign-in-link'));
    expect(again.getAttribute('href')).toBe('/oauth/start?server=remote');
    expect(signIn.queryByTestId('server-sign-in-url')).toBeNull();
  });

  it('signed in: until when, Sign out; browser mode says it lasts for this session only', async () => {
    const expiresAt = new Date().setHours(14, 30, 0, 0);
    const server = remote({ status: 'signed-in', issuer: 'https://login.example', expiresAt }, 'connected');
    const { bridge } = renderServers([server], { ...BROWSER, 'servers:sign-out': () => ok(server) });
    const signIn = await panel();
    expect(signIn.getByTestId('server-sign-in-headline').textContent).toBe('Signed in at https://login.example');
    expect(signIn.getByTestId('server-sign-in-detail').textContent).toMatch(/lasts until .*14:30.*renews it by itself/);
    await waitFor(() => expect(signIn.getByTestId('server-sign-in-keeping').textContent).toBe('Sign-in lasts for this session only: browser mode cannot protect it at rest.'));
    fireEvent.click(signIn.getByTestId('server-sign-out'));
    await waitFor(() => expect(bridge.requestsTo('servers:sign-out')).toEqual([{ id: 'remote' }]));
  });

  it('says so when the sign-in is saved with basic protection only', async () => {
    renderServers([remote({ status: 'signed-in' }, 'connected')], { 'app:info': () => ok(makeAppInfo({ secretProtection: 'basic_text' })) });
    const signIn = await panel();
    await waitFor(() => expect(signIn.getByTestId('server-sign-in-keeping').textContent).toMatch(/basic protection only: this system has no keychain/));
  });

  it('more access needed: names the scope, offers Sign in again, and the server stays connected', async () => {
    const { bridge } = renderServers([remote({ status: 'needed', reason: 'more-access', scope: 'deploy' }, 'connected')], { 'servers:sign-in': () => ok({}) });
    const signIn = await panel();
    expect(screen.getByTestId('server-state').textContent).toBe('Connected');
    expect(signIn.getByTestId('server-sign-in-headline').textContent).toBe('More access needed: deploy');
    fireEvent.click(signIn.getByText('Sign in again'));
    await waitFor(() => expect(bridge.requestsTo('servers:sign-in')).toEqual([{ id: 'remote' }]));
    expect(signIn.getByTestId('server-sign-out')).toBeTruthy();
  });

  it('an expired or revoked sign-in asks to sign in again and says the tasks wait', async () => {
    renderServers([remote({ status: 'needed', reason: 'expired' })]);
    const signIn = await panel();
    expect(signIn.getByTestId('server-sign-in-detail').textContent).toMatch(/no longer accepts the saved sign-in.*its tasks wait/);
    expect(signIn.getByTestId('server-sign-in').textContent).toBe('Sign in again');
  });

  it('a failed sign-in shows the reason as plain text, and Try again; a refused start shows the host\'s words', async () => {
    const hostile = '<img src=x onerror=alert(1)> the authorization server said: access_denied';
    renderServers([remote({ status: 'needed', reason: 'failed', error: hostile })], { 'servers:sign-in': () => fail('That server is not configured (any more).') });
    const signIn = await panel();
    expect(signIn.getByTestId('server-sign-in-headline').textContent).toBe('Sign-in failed');
    expect(signIn.getByTestId('server-sign-in-detail').textContent).toBe(hostile);
    expect(document.querySelector('img')).toBeNull();
    fireEvent.click(signIn.getByTestId('server-sign-in'));
    expect(signIn.getByTestId('server-sign-in').textContent).not.toBe('');
    await waitFor(() => expect(signIn.getByTestId('server-sign-in-error').textContent).toMatch(/Could not start signing in.*not configured/));
  });

  it('a server that asked for no sign-in, or is disabled, shows no sign-in', async () => {
    renderServers([remote(undefined, 'connected'), makeServer({ id: 'off', disabled: true, state: { id: 'off', name: 'Off', status: 'needs-sign-in', signIn: { status: 'needed' } } })]);
    await screen.findAllByTestId('server-detail');
    expect(screen.queryByTestId('server-sign-in-panel')).toBeNull();
  });
});

describe('an HTTP server\'s transport, headers and sign-in settings', () => {
  it('the card shows the transport (and a fallback), session-only header names and the sign-in client', async () => {
    const server = remote(undefined, 'connected', {
      headerNames: ['Authorization', 'X-Old'],
      sessionOnlyHeaderNames: ['Authorization'],
      oauth: { clientId: 'mtm-desktop', scope: 'tasks' },
    });
    renderServers([{ ...server, state: { ...server.state!, httpTransport: 'sse' } }]);
    await screen.findAllByTestId('server-detail');
    expect(screen.getByTestId('server-http-transport').textContent).toBe('HTTP+SSE (older, 2024-11-05) (the server did not take Streamable HTTP)');
    expect(screen.getByTestId('server-headers-session-only').textContent).toBe('Authorization: kept for this session only — browser mode cannot protect them at rest.');
    expect(screen.getByTestId('server-oauth').textContent).toBe('Registered client mtm-desktop; asks for tasks');
  });

  it('the form chooses HTTP+SSE and a pre-registered client id and scopes', async () => {
    const { bridge } = renderServers([], { 'servers:save': ({ server }) => ok(makeServer({ id: 'saved', name: server.name })) });
    fireEvent.click(await screen.findByTestId('server-add'));
    const form = within(await screen.findByTestId('server-form'));
    fireEvent.click(form.getByTestId('server-form-http'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Old server' } });
    fireEvent.change(form.getByLabelText('Address'), { target: { value: 'https://old.example/sse' } });
    expect(form.getByTestId<HTMLInputElement>('server-form-http-transport-streamable').checked).toBe(true);
    fireEvent.click(form.getByTestId('server-form-http-transport-sse'));
    fireEvent.change(form.getByLabelText('Client id'), { target: { value: 'mtm-desktop' } });
    fireEvent.change(form.getByLabelText('Scopes'), { target: { value: 'tasks deploy' } });
    fireEvent.click(form.getByTestId('server-form-save'));
    await waitFor(() =>
      expect(bridge.requestsTo('servers:save')).toEqual([
        { server: { name: 'Old server', transport: 'http', url: 'https://old.example/sse', httpTransport: 'sse', oauth: { clientId: 'mtm-desktop', scope: 'tasks deploy' } } },
      ]),
    );
    bridge.assertNoViolations();
  });
});
