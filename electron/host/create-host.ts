/**
 * The host core shared by Electron main and browser mode: the engine, the configured servers,
 * the invoke dispatcher and the batched event stream behind one `HostApi`. The shells only
 * carry `dispatch` and `subscribe` over their transport (ipcMain / a WebSocket).
 */
import packageJson from '../../package.json' with { type: 'json' };
import type { AppInfo, EventChannel } from '../../shared/ipc/contract.js';
import type { ServerConfig } from '../../shared/server-config.js';
import { createEngine, createNodePorts, Emitter, engineOptionsFromEnv, type EnginePorts, type Logger, type SignInOptions } from '../engine/index.js';
import { ConfiguredServers } from './configured-servers.js';
import { createDispatcher } from './dispatcher.js';
import { EventBatcher } from './event-batcher.js';
import type { HostApi, SecretStore } from './host-api.js';
import { invokeHandlers, type OpenExternal } from './invoke-handlers.js';
import type { OperatorServer } from './server-entry.js';
import { openSignInCredentials } from './sign-in-credentials.js';
import { TaskNotifier, type NotificationSink } from './task-notifier.js';

export type { OperatorServer } from './server-entry.js';

export interface CreateHostOptions {
  /** The data folder: `servers.json`, and the task and result stores unless `ports` replaces them. */
  dataDir: string;
  /** `browser` forbids adding, changing and approving stdio commands from the UI (docs/security.md#browser-mode). */
  mode: 'electron' | 'browser';
  /** Protects HTTP header values at rest; `sessionOnlySecretStore` where nothing can be protected. */
  secretStore: SecretStore;
  /** Receives operator notes; never secrets. */
  logger: Logger;
  /** Engine ports replacing the plain-Node ones (e.g. an electron-store `taskStore`). */
  ports?: Partial<Omit<EnginePorts, 'logger'>>;
  /**
   * Servers given on this launch (config file, command line): they run without asking — the
   * operator approved them by naming them — live for this session only, and cannot be changed
   * from the UI. One with a saved server's id stands in for it during the session.
   */
  configuredServers?: readonly OperatorServer[];
  /**
   * Our own servers, seeded on first start and pre-approved. The shell chooses them (the embedded
   * demo servers, or none): the host core knows no particular server.
   */
  defaultServers: readonly ServerConfig[];
  /**
   * Opens a URL-mode question's URL in the user's browser after consent (Electron: `openExternalSafe`).
   * Absent in browser mode: `app:open-external` then answers "open this address yourself".
   */
  openExternal?: OpenExternal;
  /**
   * How HTTP servers are signed in to (the engine's `SignInOptions`): Electron opens the
   * authorization page with `openExternalSafe` and takes the answer on a loopback listener;
   * browser mode has it sent back to its own `/oauth/callback` (`Host.completeSignIn`).
   */
  signIn?: SignInOptions;
  /**
   * Where desktop notifications go (Electron: the OS and the tray). Absent (browser mode): each one
   * is sent to the page as `notifications:raised`, for the page to show if the user allowed it.
   */
  notifications?: NotificationSink;
}

/** The host core, with the app facts the shell may also want (e.g. for the window title). */
export type Host = HostApi & {
  readonly info: AppInfo;
  /**
   * Hands the authorization server's answer (the callback's query) to the sign-in it belongs to
   * (`signIn.redirect` kind `app` only). Rejects with a message fit for the user for an unknown
   * or used `state`, or an error answer; the outcome also shows in the server's state.
   */
  completeSignIn(params: URLSearchParams): Promise<{ serverId: string }>;
};

/** One contract event. */
interface HostEvent {
  channel: EventChannel;
  payload: unknown;
}

/**
 * Loads the server list and the task store, starts the engine on the approved servers and
 * resolves with the host. Store problems (a damaged file moved aside...) are in `info.storeProblems`.
 * Call `dispose()` to stop every server process tree and flush the stores.
 */
export async function createHost(options: CreateHostOptions): Promise<Host> {
  const { dataDir, mode, secretStore, logger } = options;
  const nodePorts = createNodePorts(dataDir, logger);
  const clock = options.ports?.clock ?? nodePorts.clock;
  const { credentials, problems: credentialProblems } = await openSignInCredentials(dataDir, secretStore, logger, () => clock.now());
  const ports: EnginePorts = { ...nodePorts, credentialStore: credentials, ...options.ports };
  const envOptions = engineOptionsFromEnv(process.env, (problem) => logger.warn(problem));
  const engine = createEngine(ports, {
    identity: { name: packageJson.name, version: packageJson.version },
    ...(options.signIn !== undefined ? { signIn: options.signIn } : {}),
    ...envOptions,
  });
  const listeners = new Emitter<HostEvent>((error) => logger.error('event listener failed', { error: String(error) }));
  const { servers, problems: serverProblems } = await ConfiguredServers.load({
    dir: dataDir,
    secrets: secretStore,
    engine,
    canEditStdio: mode === 'electron',
    defaults: options.defaultServers,
    operatorServers: options.configuredServers ?? [],
    now: () => ports.clock.now(),
    logger,
    onChange: () => batcher.serversChanged(),
    credentials,
  });
  const batcher = new EventBatcher(ports.clock, (channel, payload) => listeners.fire({ channel, payload }), () => servers.views());
  const subscriptions = [
    engine.onDidUpdateTask((task) => batcher.taskUpdated(task)),
    engine.onDidRemoveTask((id) => batcher.taskRemoved(id)),
    engine.onDidChangeServer(() => batcher.serversChanged()),
    engine.onDidChangeInputs((inputs) => batcher.inputsChanged(inputs)),
    engine.onDidAppendLog(({ serverId, exchangeLocalIds }) => batcher.logsAppended(serverId, exchangeLocalIds)),
  ];

  let isStopped = false;
  const dispose = async (): Promise<void> => {
    if (isStopped) return;
    isStopped = true;
    batcher.dispose();
    for (const subscription of subscriptions) subscription.dispose();
    await servers.idle();
    await engine.dispose();
    listeners.dispose();
  };

  let engineProblems: string[];
  try {
    engineProblems = await engine.start(servers.runnable());
  } catch (error) {
    await dispose();
    throw error;
  }
  // After `start`: the loaded tasks are the baseline that raises nothing (task-notifier.ts).
  const serverView = (id: string) => servers.views().find((view) => view.id === id);
  const notifier = new TaskNotifier({
    clock: ports.clock,
    sink: options.notifications ?? {
      show: (notification) => listeners.fire({ channel: 'notifications:raised', payload: { notification } }),
      // The page counts waiting tasks from its own question list.
      setWaitingCount: () => undefined,
    },
    serverName: (id) => serverView(id)?.name,
    isMuted: (id) => serverView(id)?.notificationsMuted === true,
    task: (id) => engine.getTask(id),
  }, engine.listTasks(), engine.listInputs());
  subscriptions.push(
    notifier,
    engine.onDidUpdateTask((task) => notifier.taskUpdated(task)),
    engine.onDidRemoveTask((id) => notifier.taskRemoved(id)),
    engine.onDidChangeInputs((inputs) => notifier.inputsChanged(inputs)),
  );
  const info: AppInfo = {
    version: packageJson.version,
    mode,
    storeProblems: [...credentialProblems, ...serverProblems, ...engineProblems],
    secretProtection: secretStore.protection,
    canEditStdio: mode === 'electron',
    ...(engine.saveProblem !== undefined ? { saveProblem: engine.saveProblem } : {}),
  };
  const showSaveProblem = (problem: AppInfo['saveProblem']): void => {
    // `info` is the object `app:info` answers with: changed in place, then pushed whole.
    if (problem === undefined) delete info.saveProblem;
    else info.saveProblem = problem;
    listeners.fire({ channel: 'app:changed', payload: { info: { ...info } } });
  };
  subscriptions.push(engine.onDidChangeSaveProblem(showSaveProblem));
  return {
    info,
    completeSignIn: (params) => engine.completeSignIn(params),
    dispatch: createDispatcher(invokeHandlers({ engine, servers, info, openExternal: options.openExternal }), logger, () => isStopped),
    subscribe(listener) {
      const subscription = listeners.event(({ channel, payload }) => listener(channel, payload));
      return () => subscription.dispose();
    },
    dispose,
  };
}
