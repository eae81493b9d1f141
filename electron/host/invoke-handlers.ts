/**
 * What each invoke channel does, against the engine and the configured servers. Requests arrive
 * parsed (see dispatcher.ts); answers are mapped to the renderer's views (views.ts).
 */
import type { AppInfo } from '../../shared/ipc/contract.js';
import type { Engine } from '../engine/index.js';
import type { ConfiguredServers } from './configured-servers.js';
import type { InvokeHandlers } from './dispatcher.js';
import { HostError } from './host-error.js';
import { checkAnswer, toPendingInputViews } from './input-views.js';
import { toCallOutcome, toTaskDetail, toTaskSummary, toToolView } from './views.js';

/** The handlers of every invoke channel. */
export function invokeHandlers({ engine, servers, info }: { engine: Engine; servers: ConfiguredServers; info: AppInfo }): InvokeHandlers {
  const callTool = async (serverId: string, name: string, args: Record<string, unknown>) => {
    servers.requireRunnable(serverId);
    return toCallOutcome(await engine.callTool(serverId, name, args));
  };
  return {
    'app:info': () => info,
    'servers:list': () => servers.views(),
    'servers:save': ({ server }) => servers.save(server),
    'servers:remove': async ({ id }) => {
      await servers.remove(id);
      return {};
    },
    'servers:approve': ({ id, approvalDigest }) => servers.approve(id, approvalDigest),
    'servers:import': ({ json }) => servers.import(json),
    'tools:list': async ({ serverId }) => {
      servers.requireRunnable(serverId);
      return (await engine.listTools(serverId)).map(toToolView);
    },
    'tools:call': ({ serverId, name, arguments: args }) => callTool(serverId, name, args),
    'tasks:list': () => engine.listTasks().map(toTaskSummary),
    'tasks:get': ({ id }) => {
      const task = engine.getTask(id);
      return task === undefined ? null : toTaskDetail(task);
    },
    'tasks:result': async ({ id }) => (await engine.getResult(id)) ?? null,
    'tasks:cancel': async ({ id }) => {
      await engine.cancelTask(id);
      return {};
    },
    'tasks:remove': async ({ id }) => {
      await engine.removeTask(id);
      return {};
    },
    // The same tool with the same arguments, as a new call: MCP has no idempotency key, so only the user may ask for this.
    'tasks:run-again': ({ id }) => {
      const task = engine.getTask(id);
      if (task === undefined) throw new HostError('That task is no longer in the list.');
      return callTool(task.serverId, task.toolName, task.arguments);
    },
    'inputs:list': () => toPendingInputViews(engine.listInputs(), servers.views()),
    // Never trust the renderer: the answer is checked again against the host's own check of the form.
    'inputs:answer': async ({ taskId, key, response }) => {
      const input = engine.listInputs().find((pending) => pending.taskId === taskId && pending.key === key);
      if (input === undefined) throw new HostError('That question is no longer pending.');
      await engine.answerInput(taskId, key, checkAnswer(input, response));
      return {};
    },
  };
}
