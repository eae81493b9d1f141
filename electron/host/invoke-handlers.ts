/**
 * What each invoke channel does, against the engine and the configured servers. Requests arrive
 * parsed (see dispatcher.ts); answers are mapped to the renderer's views (views.ts).
 */
import { groupHeads, groupTasks, waitingTasks } from '../../shared/inbox-groups.js';
import { sortForList } from '../../shared/inbox-order.js';
import type { AppInfo } from '../../shared/ipc/contract.js';
import type { Engine } from '../engine/index.js';
import type { ConfiguredServers } from './configured-servers.js';
import type { InvokeHandlers } from './dispatcher.js';
import { HostError } from './host-error.js';
import { queuePlaces } from './input-queue.js';
import { checkAnswer, isSamplingDecline, openableUrlOf, toPendingInputViews } from './input-views.js';
import { toCallOutcome, toTaskDetail, toTaskSummary, toToolView } from './views.js';

/** Opens a URL in the user's browser; resolves to whether it did. Absent where the host cannot (browser mode). */
export type OpenExternal = (url: string) => Promise<boolean>;

/** The handlers of every invoke channel. */
export function invokeHandlers({
  engine,
  servers,
  info,
  openExternal,
}: {
  engine: Engine;
  servers: ConfiguredServers;
  info: AppInfo;
  openExternal?: OpenExternal | undefined;
}): InvokeHandlers {
  const callTool = async (serverId: string, name: string, args: Record<string, unknown>) => {
    servers.requireRunnable(serverId);
    return toCallOutcome(await engine.callTool(serverId, name, args));
  };
  return {
    'app:info': () => info,
    // Only the URL of a question still pending and open (not queued), and only after the user
    // pressed Open (docs/security.md#url-mode): the renderer cannot use this to open anything else.
    'app:open-external': async ({ url }) => {
      const inputs = engine.listInputs();
      const queued = queuePlaces(inputs);
      const isPending = inputs.some((input) => !queued.has(input) && openableUrlOf(input) === url);
      if (!isPending) throw new HostError('That address is not one a pending question asks you to open.');
      if (openExternal === undefined) throw new HostError('This app cannot open web pages from the browser: open this address yourself.');
      if (!(await openExternal(url))) throw new HostError('The app refused to open this address. Open it yourself only if you trust it.');
      return {};
    },
    'servers:list': () => servers.views(),
    'servers:save': ({ server }) => servers.save(server),
    'servers:remove': async ({ id }) => {
      await servers.remove(id);
      return {};
    },
    'servers:approve': ({ id, approvalDigest }) => servers.approve(id, approvalDigest),
    'servers:import': ({ json }) => servers.import(json),
    // Allowed in browser mode too: roots, mute and log level change nothing that runs.
    'servers:update-settings': (request) => servers.updateSettings(request),
    // Allowed in browser mode too: they run again, or stop, only what was already approved to run.
    'servers:retry': ({ id }) => servers.retry(id),
    'servers:set-enabled': ({ id, enabled }) => servers.setEnabled(id, enabled),
    // Allowed in browser mode too: signing in runs nothing new, it only lets an approved server answer.
    'servers:sign-in': async ({ id }) => {
      servers.requireRunnable(id);
      return engine.signIn(id);
    },
    'servers:sign-out': ({ id }) => servers.signOut(id),
    'tools:list': async ({ serverId }) => {
      servers.requireRunnable(serverId);
      return (await engine.listTools(serverId)).map(toToolView);
    },
    'tools:call': ({ serverId, name, arguments: args }) => callTool(serverId, name, args),
    // In the inbox's order, so the renderer's first paint checks it instead of sorting.
    'tasks:list': () => sortForList(engine.listTasks().map(toTaskSummary)),
    // The inbox's first screen, grouped as the renderer groups the whole list (by the same rule);
    // only the tasks it shows are summarized.
    'tasks:head': ({ rowsPerGroup }) => groupHeads(groupTasks(sortForList(engine.listTasks()), waitingTasks(engine.listInputs())), rowsPerGroup, toTaskSummary),
    'tasks:get': ({ localId }) => {
      const task = engine.getTask(localId);
      return task === undefined ? null : toTaskDetail(task);
    },
    'tasks:result': async ({ localId }) => (await engine.getResult(localId)) ?? null,
    'tasks:cancel': async ({ localId }) => {
      await engine.cancelTask(localId);
      return {};
    },
    'tasks:remove': async ({ localId }) => {
      await engine.removeTask(localId);
      return {};
    },
    // The engine redacted every entry before it kept it: configured header and environment values never cross.
    'logs:console': ({ serverId, ...query }) => engine.serverConsole(serverId, query),
    'logs:protocol': ({ serverId, ...query }) => engine.protocolLog(serverId, query),
    'logs:export': ({ serverId }) => engine.exportServerLog(serverId),
    'tasks:exchange': ({ localId }) => engine.taskExchange(localId),
    'tasks:export': async ({ localId }) => {
      const document = await engine.exportTask(localId);
      return document === undefined ? null : `${JSON.stringify(document, null, 2)}\n`;
    },
    'inputs:list': () => toPendingInputViews(engine.listInputs(), servers.views()),
    // Never trust the renderer: the answer is checked again against the host's own check of the form.
    'inputs:answer': async ({ localId, serverId, key, response }) => {
      const inputs = engine.listInputs();
      const input = inputs.find((pending) => pending.localId === localId && pending.serverId === serverId && pending.key === key);
      if (input === undefined) throw new HostError('That question is no longer pending.');
      if (queuePlaces(inputs).has(input)) {
        throw new HostError('That question waits behind earlier questions from the same server: answer one of those first.');
      }
      // Declining a sampling request is not an answer: the engine refuses, cancels or abandons, per path.
      const owner = localId ?? { serverId };
      if (isSamplingDecline(input, response)) await engine.declineInput(owner, key);
      else await engine.answerInput(owner, key, checkAnswer(input, response, servers.views()));
      return {};
    },
  };
}
