/**
 * Held credentials over time, against the fixture authorization server and a protected demo
 * server: an access token that expires is renewed with the refresh token (the rotated one saved)
 * without the task noticing; a refresh the authorization server refuses leaves the server waiting
 * for sign-in with its task tracked, which ends once signed in again; 403 `insufficient_scope`
 * fails only that request, asks for the union of scopes, and stops asking after two sign-ins
 * that were not granted it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpRequestError } from '../../../electron/engine/index.js';
import { isTaskFinished } from '../../../shared/task-model.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../../helpers/demo-server-process.js';
import { waitForTask } from '../../helpers/engine-harness.js';
import type { HostileAuthorizationServer } from './hostile-authorization-server.js';
import { startFixtureWorld, type SignInEngine } from './sign-in-fixture.js';

let demo: DemoServerProcess;
beforeAll(async () => {
  demo = await startDemoServer({ form: 'extension', transport: 'http' });
});
afterAll(stopAllDemoServers);

let as: HostileAuthorizationServer;
let kit: SignInEngine;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function signedIn(): Promise<void> {
  const world = await startFixtureWorld(demo.url!, { guardedTools: { deploy: 'deploy' } });
  ({ as, kit } = world);
  cleanups.push(() => world.close());
  await kit.waitFor('srv', (state) => state.status === 'needs-sign-in', 'needs-sign-in');
  await kit.engine.signIn('srv');
  await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
}

async function heldTokens(): Promise<{ access_token: string; refresh_token?: string }> {
  const value = await kit.credentials.load('srv');
  return value?.tokens as { access_token: string; refresh_token?: string };
}

describe('held credentials', () => {
  it('renews an expired access token with the refresh token mid-task, and saves the rotated one', async () => {
    await signedIn();
    const outcome = await kit.engine.callTool('srv', 'build', { durationMs: 2_000 });
    expect(outcome.kind).toBe('task');
    const before = await heldTokens();
    // The access token expires on the server's side.
    as.live.delete(before.access_token);
    const done = await waitForTask(kit.engine, outcome.task.localId, isTaskFinished, 20_000, 'the build to end');
    expect(done.snapshot?.status).toBe('completed');
    const after = await heldTokens();
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toBeDefined();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(as.requests.filter((request) => new URLSearchParams(request.body).get('grant_type') === 'refresh_token')).toHaveLength(1);
    expect(kit.state('srv').status).toBe('connected');
    expect(kit.engine.serverConsole('srv').map((entry) => entry.text)).toContain('Access token refreshed.');
    const recorded = kit.recorded('srv');
    for (const secret of as.issuedSecrets) expect(recorded).not.toContain(secret);
  });

  it('waits for sign-in when the refresh is refused, keeps the task, and finishes it once signed in again', async () => {
    await signedIn();
    const outcome = await kit.engine.callTool('srv', 'build', { durationMs: 3_000 });
    as.revokeAll();
    const waiting = await kit.waitFor('srv', (state) => state.status === 'needs-sign-in', 'needs-sign-in after the revocation');
    expect(waiting.signIn).toMatchObject({ status: 'needed', reason: 'expired' });
    expect(kit.engine.getTask(outcome.task.localId)?.snapshot?.status).toBe('working');
    expect(kit.opened).toHaveLength(1);
    await kit.engine.signIn('srv');
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected again');
    const done = await waitForTask(kit.engine, outcome.task.localId, isTaskFinished, 20_000, 'the build to end');
    expect(done.snapshot?.status).toBe('completed');
  });
});

describe('more access (403 insufficient_scope)', () => {
  it('fails only that call, stays connected, and signs in again for the union of scopes', async () => {
    await signedIn();
    const refused = await kit.engine.callTool('srv', 'deploy', {}).then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(McpRequestError);
    expect((refused as McpRequestError).localFailure).toBe('sign-in-needed');
    const state = await kit.waitFor('srv', (current) => current.signIn?.reason === 'more-access', 'more-access');
    expect(state.status).toBe('connected');
    expect(state.signIn).toMatchObject({ status: 'needed', scope: 'mcp deploy' });
    expect((await kit.engine.listTools('srv')).length).toBeGreaterThan(0);

    const { authorizationUrl } = await kit.engine.signIn('srv');
    expect(new URL(authorizationUrl!).searchParams.get('scope')).toBe('mcp deploy');
    await kit.waitFor('srv', (current) => current.signIn?.status === 'signed-in', 'signed in with deploy');
    expect(kit.state('srv').signIn?.scope).toBe('mcp deploy');
    const outcome = await kit.engine.callTool('srv', 'deploy', { durationMs: 100 });
    expect(outcome.kind).toBe('task');
  });

  it('stops asking after two step-up sign-ins that were not granted the scope', async () => {
    await signedIn();
    as.misbehave.add('grant-mcp-only');
    for (let round = 1; round <= 2; round++) {
      await expect(kit.engine.callTool('srv', 'deploy', {})).rejects.toThrow(/needs more access/);
      await kit.waitFor('srv', (current) => current.signIn?.reason === 'more-access', `more-access (round ${round})`);
      await kit.engine.signIn('srv');
      await kit.waitFor('srv', (current) => current.signIn?.status === 'signed-in', `signed in (round ${round})`);
    }
    await expect(kit.engine.callTool('srv', 'deploy', {})).rejects.toThrow(/needs more access/);
    await kit.waitFor('srv', (current) => current.signIn?.reason === 'more-access', 'more-access (round 3)');
    await expect(kit.engine.signIn('srv')).rejects.toThrow(/still asks for more access \(scope mcp deploy\) after 2 sign-ins/);
    expect(kit.state('srv').signIn).toMatchObject({ status: 'needed', reason: 'failed' });
    expect(kit.opened).toHaveLength(3);
    expect(kit.state('srv').status).toBe('connected');
  });
});
