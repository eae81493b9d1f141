/**
 * One command's hold on the data folder and the engine: the folder is locked for the command's
 * life (one writer per store), the engine runs on the file-backed ports of that folder, and
 * servers are added only as the command needs them. Closing ends the connections (a stdio
 * server's whole process tree with them) and flushes the store; tasks on HTTP servers go on.
 * A server that needs sign-in is signed in to as the command line says (cli-sign-in.ts).
 */
import { writeFile } from 'node:fs/promises';
import type { ServerConfig, ServerState } from '../../../shared/server-config.js';
import type { TrackedTask } from '../../../shared/task-model.js';
import { createEngine, createNodePorts, engineOptionsFromEnv, type Engine, type Logger } from '../../engine/index.js';
import { DataFolderBusyError, lockDataFolder } from '../../host/data-folder-lock.js';
import { CommandFailed } from './cli-errors.js';
import { CliSignIn, PRINTED_SIGN_IN_WAIT_MS } from './cli-sign-in.js';
import type { SignInFlags } from './command-line.js';

/** Failed connection attempts before a command gives up (the second lets a stdio server's era guess retry). */
const MAX_CONNECT_FAILURES = 2;
/** The longest a command waits for a server to connect. */
const CONNECT_TIMEOUT_MS = 30_000;

/** The engine of one command. */
export interface CliSession {
  readonly engine: Engine;
  /** Problems the task store reported while loading (a damaged file moved aside, …). */
  readonly storeProblems: string[];
  /**
   * Connects to `server` and resolves once it is connected, signing in when it asks; fails with
   * CommandFailed when it cannot (or the command is stopped first).
   */
  connect(server: ServerConfig): Promise<ServerState>;
  /**
   * After a request `server` refused for want of sign-in or access (`isSignInRefusal`): signs in
   * as its state asks and resolves once it is signed in and connected again, so the request can be
   * tried again. Fails with CommandFailed past the command's sign-in bound.
   */
  signInAgain(server: ServerConfig): Promise<void>;
  /** The user's name for a server this session added (its id otherwise). */
  nameOf(serverId: string): string;
  close(): Promise<void>;
}

/**
 * Locks `dataDir`, loads its tasks and starts an engine with no servers yet; `signal` stops
 * waiting for a connection. With `logFile`, closing writes the console and protocol log of every
 * server the session connected to there, as JSON lines (mode 0600: it is the servers' traffic);
 * when it cannot be written, `close` fails with CommandFailed saying so.
 */
export async function openSession(dataDir: string, logger: Logger, signal: AbortSignal, signInFlags: SignInFlags, note: (text: string) => void, logFile?: string): Promise<CliSession> {
  let lock;
  try {
    lock = await lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderBusyError) throw new CommandFailed(error.message);
    throw new CommandFailed(`The data folder ${dataDir} cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
  const signIn = new CliSignIn(signInFlags, note);
  const engine = createEngine(
    { ...createNodePorts(dataDir, logger), credentialStore: signIn.store },
    { ...engineOptionsFromEnv(process.env, (problem) => logger.warn(problem)), signIn: signIn.engineOptions() },
  );
  const names = new Map<string, string>();
  let storeProblems: string[];
  try {
    storeProblems = await engine.start([]);
  } catch (error) {
    await engine.dispose().catch(() => undefined);
    await lock.release();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    engine,
    storeProblems,
    connect: async (server) => {
      names.set(server.id, server.name);
      await signIn.seed(server);
      return connect(engine, server, signal, signIn);
    },
    signInAgain: (server) => signInAgain(engine, server, signal, signIn),
    nameOf: (serverId) => names.get(serverId) ?? serverId,
    close: () => (closed ??= engine.dispose().finally(() => lock.release()).then(() => writeServerLogs(engine, [...names.keys()], logFile))),
  };
}

/** The logs of `serverIds` (in the order they were added) written to `logFile`, if one was asked for. */
async function writeServerLogs(engine: Engine, serverIds: readonly string[], logFile: string | undefined): Promise<void> {
  if (logFile === undefined) return;
  try {
    await writeFile(logFile, serverIds.map((id) => engine.exportServerLog(id)).join(''), { mode: 0o600 });
  } catch (error) {
    throw new CommandFailed(`The log could not be written to ${logFile}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function connect(engine: Engine, server: ServerConfig, signal: AbortSignal, signIn: CliSignIn): Promise<ServerState> {
  return untilConnected(engine, server, signal, signIn, 'connect', () => engine.addServer(server));
}

function signInAgain(engine: Engine, server: ServerConfig, signal: AbortSignal, signIn: CliSignIn): Promise<void> {
  return untilConnected(engine, server, signal, signIn, 'sign in again').then(() => undefined);
}

/**
 * Resolves once `server` is connected with nothing left to sign in for (after `begin`, which
 * starts it), signing in each time its state asks; rejects with CommandFailed when it cannot.
 */
function untilConnected(engine: Engine, server: ServerConfig, signal: AbortSignal, signIn: CliSignIn, what: 'connect' | 'sign in again', begin?: () => void): Promise<ServerState> {
  return new Promise((resolve, reject) => {
    let failures = 0;
    let signingIn = false;
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      subscription.dispose();
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    const fail = (message: string): void => finish(() => reject(new CommandFailed(message)));
    const onAbort = (): void => fail(what === 'connect' ? `Stopped before ${server.name} connected.` : `Stopped while signing in to ${server.name}.`);
    const startSignIn = (state: ServerState): void => {
      signingIn = true;
      // A person opens the page: their wait is longer than a connection's.
      if (signIn.isPrinted) arm(PRINTED_SIGN_IN_WAIT_MS);
      signIn.signIn(engine, server, state).then(
        () => {
          signingIn = false;
        },
        (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
      );
    };
    const check = (state: ServerState): void => {
      const asked = state.signIn;
      if (asked?.status === 'needed' && asked.reason === 'failed') return fail(`Sign-in to ${server.name} failed: ${asked.error ?? 'no reason given'}`);
      // Under way (the token not yet in hand), or done with the reconnect still to come: wait.
      if (asked?.status === 'signing-in' || (asked?.status === 'signed-in' && state.status === 'needs-sign-in')) return;
      if (asked?.status === 'needed' || state.status === 'needs-sign-in') {
        if (!signingIn) startSignIn(state);
        return;
      }
      if (state.status === 'connected') return finish(() => resolve(state));
      if (state.status === 'reconnecting' && state.lastError !== undefined && ++failures >= MAX_CONNECT_FAILURES) {
        fail(`Could not connect to ${server.name}: ${state.lastError}`);
      }
    };
    const subscription = engine.onDidChangeServer((state) => {
      if (state.id === server.id) check(state);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (waitMs: number): void => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(`Could not ${what === 'connect' ? 'connect to' : 'sign in again to'} ${server.name} within ${Math.round(waitMs / 1000)} s.`), waitMs);
    };
    arm(CONNECT_TIMEOUT_MS);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    if (begin !== undefined) begin();
    else {
      const now = engine.listServers().find((state) => state.id === server.id);
      if (now !== undefined) check(now);
    }
  });
}

/**
 * Resolves with the task once `until` holds for it (checked now and on each of its updates);
 * with `undefined` if it leaves the store, or when `signal` aborts (the user stopped following).
 */
export function waitForTask(engine: Engine, id: string, until: (task: TrackedTask) => boolean, signal: AbortSignal): Promise<TrackedTask | undefined> {
  return new Promise((resolve) => {
    const done = (task: TrackedTask | undefined): void => {
      updates.dispose();
      removals.dispose();
      signal.removeEventListener('abort', onAbort);
      resolve(task);
    };
    const onAbort = (): void => done(undefined);
    const updates = engine.onDidUpdateTask((task) => {
      if (task.localId === id && until(task)) done(task);
    });
    const removals = engine.onDidRemoveTask((removed) => {
      if (removed === id) done(undefined);
    });
    signal.addEventListener('abort', onAbort);
    const now = engine.getTask(id);
    if (signal.aborted || now === undefined) done(undefined);
    else if (until(now)) done(now);
  });
}
