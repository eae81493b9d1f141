/**
 * An engine wired for sign-in tests: in-memory stores, a logger that keeps every line, a
 * credential store the test can read, and a "browser" that follows the authorization URL's
 * redirects to the callback (or does what the test says with it).
 */
import { createEngine, MemoryCredentialStore, systemClock, type Engine, type EngineOptions } from '../../../electron/engine/index.js';
import type { Logger } from '../../../electron/engine/ports.js';
import type { ServerConfig, ServerState } from '../../../shared/server-config.js';
import { waitForServerState } from '../../helpers/engine-harness.js';
import { MemoryResultStore, MemoryTaskStore } from '../engine-kit.js';
import { startHostileAuthorizationServer, type HostileAuthorizationServer, type Misbehaviour } from './hostile-authorization-server.js';
import { startProtectedResource, type ProtectedResource } from './protected-resource.js';

/** Follows redirects by hand (as a browser would) until one leaves for the client's callback, and GETs that; resolves with its answer. */
export async function followToCallback(url: string): Promise<{ status: number; body: string; callback: URL }> {
  let current = new URL(url);
  for (let step = 0; step < 10; step++) {
    const response = await fetch(current, { redirect: 'manual' });
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (location === null) throw new Error(`no redirect from ${current.href} (HTTP ${response.status})`);
    const next = new URL(location, current);
    if (next.pathname === '/callback') {
      const answer = await fetch(next);
      return { status: answer.status, body: await answer.text(), callback: next };
    }
    current = next;
  }
  throw new Error('too many redirects');
}

export interface SignInEngine {
  engine: Engine;
  credentials: MemoryCredentialStore;
  /** Every authorization URL the engine asked to open. */
  opened: string[];
  /** Every line the engine logged (message and details as JSON). */
  logs: string[];
  /** What the browser does with an opened URL (default: `followToCallback`, not awaited by the engine). */
  browse: (url: string) => Promise<unknown>;
  /** The last browse's outcome. */
  lastBrowse: Promise<unknown> | undefined;
  /** Everything the app shows or records of `serverId`: console, protocol log, logs, state. */
  recorded(serverId: string): string;
  state(serverId: string): ServerState;
  waitFor(serverId: string, predicate: (state: ServerState) => boolean, what: string, timeoutMs?: number): Promise<ServerState>;
}

export function signInEngine(options: EngineOptions = {}): SignInEngine {
  const logs: string[] = [];
  const log = (level: string) => (message: string, details?: Record<string, unknown>) => void logs.push(`${level} ${message} ${JSON.stringify(details ?? {})}`);
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  const credentials = new MemoryCredentialStore();
  const opened: string[] = [];
  const kit: SignInEngine = {
    engine: undefined as unknown as Engine,
    credentials,
    opened,
    logs,
    browse: (url) => followToCallback(url),
    lastBrowse: undefined,
    recorded: (serverId) => JSON.stringify([kit.engine.serverConsole(serverId), kit.engine.protocolLog(serverId), logs, kit.engine.listServers()]),
    state: (serverId) => {
      const state = kit.engine.listServers().find((server) => server.id === serverId);
      if (state === undefined) throw new Error(`no server ${serverId}`);
      return state;
    },
    waitFor: (serverId, predicate, what, timeoutMs = 15_000) => waitForServerState(kit.engine, serverId, predicate, timeoutMs, what),
  };
  kit.engine = createEngine(
    { taskStore: new MemoryTaskStore(), resultStore: new MemoryResultStore(), clock: systemClock, logger, credentialStore: credentials },
    {
      ...options,
      signIn: {
        openAuthorizationUrl: (url) => {
          opened.push(url);
          // A browser opens the page and returns at once; the user's walk through it comes later.
          kit.lastBrowse = kit.browse(url);
          kit.lastBrowse.catch(() => undefined);
          return Promise.resolve();
        },
        ...options.signIn,
      },
    },
  );
  return kit;
}

/** An HTTP server config for `url`. */
export function httpConfig(id: string, url: string, extra: Partial<Extract<ServerConfig, { transport: 'http' }>> = {}): ServerConfig {
  return { id, name: `Protected ${id}`, transport: 'http', url, ...extra };
}

/** A protected demo server behind the fixture authorization server, and an engine pointed at it. */
export interface FixtureWorld {
  as: HostileAuthorizationServer;
  resource: ProtectedResource;
  kit: SignInEngine;
  /** Stops the engine, the protected server and the authorization server. */
  close(): Promise<void>;
}

/** What `startFixtureWorld` sets up besides its defaults. */
export interface FixtureWorldOptions {
  /** How the authorization server misbehaves from the start. */
  misbehave?: readonly Misbehaviour[];
  /** Tools that need a scope (`{ deploy: 'deploy' }`). */
  guardedTools?: Record<string, string>;
  /** The `resource` the protected server's metadata names (default: its own URL). */
  resourceName?: string;
  engineOptions?: EngineOptions;
  /** More of the HTTP config of the protected server, id `srv`. */
  config?: Partial<Extract<ServerConfig, { transport: 'http' }>>;
  /** Servers started beside it. */
  otherServers?: readonly ServerConfig[];
}

/**
 * Starts the fixture authorization server, a protected server in front of `upstream` (a running
 * demo server's URL) whose tokens are the fixture's live ones, and an engine with server `srv`
 * on it; resolves once `srv` has been started (it then waits for sign-in).
 */
export async function startFixtureWorld(upstream: string, options: FixtureWorldOptions = {}): Promise<FixtureWorld> {
  const as = await startHostileAuthorizationServer();
  for (const misbehaviour of options.misbehave ?? []) as.misbehave.add(misbehaviour);
  const resource = await startProtectedResource({
    upstream,
    authorizationServers: () => [as.issuer],
    verify: (token) => Promise.resolve(as.live.has(token) ? { scope: as.live.get(token)! } : undefined),
    ...(options.guardedTools !== undefined ? { guardedTools: options.guardedTools } : {}),
    ...(options.resourceName !== undefined ? { resource: options.resourceName } : {}),
  });
  const kit = signInEngine(options.engineOptions);
  const world: FixtureWorld = {
    as,
    resource,
    kit,
    close: async () => {
      await kit.engine.dispose();
      await Promise.all([resource.close(), as.close()]);
    },
  };
  try {
    await kit.engine.start([httpConfig('srv', resource.url, options.config), ...(options.otherServers ?? [])]);
  } catch (error) {
    await world.close();
    throw error;
  }
  return world;
}
