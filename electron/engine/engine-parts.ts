/**
 * The engine's collaborators, wired to each other: the task ledger, the pending inputs, the task
 * watcher, the tool calls and their progress, the server-request path and the answer desk. The front (engine.ts)
 * adds the connections; tests wire the same parts to a fake protocol and a fake clock.
 */
import type { Root } from '../../shared/server-config.js';
import { isTaskFinished, type PendingInput, type TrackedTask } from '../../shared/task-model.js';
import { CallProgress } from './calls/call-progress.js';
import { ToolCalls } from './calls/tool-calls.js';
import type { Emitter } from './emitter.js';
import { AnswerDesk } from './inputs/answer-desk.js';
import { InputRegistry } from './inputs/input-registry.js';
import { ServerRequests } from './inputs/server-requests.js';
import type { EnginePorts, SaveProblem } from './ports.js';
import type { TaskProtocol } from './protocols/task-protocol.js';
import { ResultKeeper } from './tasks/result-keeper.js';
import { SaveHealth } from './tasks/save-health.js';
import { TaskLedger } from './tasks/task-ledger.js';
import { TaskRegistry } from './tasks/task-registry.js';
import { TaskWatcher } from './tasks/task-watcher.js';

/** The events the parts announce. */
export interface EngineEmitters {
  task: Emitter<TrackedTask>;
  removed: Emitter<string>;
  inputs: Emitter<PendingInput[]>;
  /** Writes started or stopped failing: the problem to show, or `undefined` once all is saved. */
  saveProblem: Emitter<SaveProblem | undefined>;
}

/** What the parts need from whoever runs the connections. */
export interface EnginePartsDeps {
  ports: EnginePorts;
  emitters: EngineEmitters;
  /** The task protocol of a server while it is connected. */
  protocolOf(serverId: string): TaskProtocol | undefined;
  /** The folders the user shared with a server. */
  rootsOf(serverId: string): readonly Root[];
  /** An error naming the server, for a command on a server that is not connected. */
  notConnected(serverId: string): Error;
}

/** The wired collaborators. */
export interface EngineParts {
  saveHealth: SaveHealth;
  registry: TaskRegistry;
  results: ResultKeeper;
  ledger: TaskLedger;
  inputs: InputRegistry;
  watcher: TaskWatcher;
  calls: ToolCalls;
  progress: CallProgress;
  requests: ServerRequests;
  answers: AnswerDesk;
  /** Everything but the task itself lets go of a task or call that ended or left the inbox. */
  letGo(task: TrackedTask): void;
}

/** Builds the collaborators and wires them to each other. */
export function createEngineParts(deps: EnginePartsDeps): EngineParts {
  const { ports, emitters } = deps;
  const protocolOf = (serverId: string): TaskProtocol | undefined => deps.protocolOf(serverId);
  const { clock, logger } = ports;
  const random = ports.random ?? Math.random;
  const requireProtocol = (serverId: string): TaskProtocol => {
    const protocol = protocolOf(serverId);
    if (protocol === undefined) throw deps.notConnected(serverId);
    return protocol;
  };
  const saveHealth = new SaveHealth(emitters.saveProblem);
  const registry = new TaskRegistry(ports.taskStore, clock, logger, saveHealth);
  const results = new ResultKeeper(ports.resultStore, clock, logger, saveHealth);
  const ledger = new TaskLedger(registry, emitters.task, emitters.removed);
  const inputs: InputRegistry = new InputRegistry(() => emitters.inputs.fire(inputs.all()));
  const letGo = (task: TrackedTask): void => {
    progress.ended(task.localId);
    inputs.clearOwner({ serverId: task.serverId, localId: task.localId });
    answers.forget(task.localId);
    calls.forget(task.localId);
    requests.forgetOwner(task.serverId, task.localId);
  };
  const watcher = new TaskWatcher({
    clock, random, logger, ledger, results, protocolOf,
    onObserved: (task, readAt) => answers.syncTaskInputs(task, readAt),
    onFinished: letGo,
  });
  const calls: ToolCalls = new ToolCalls({
    clock, logger, ledger, inputs, watcher, results, saveHealth, requireProtocol,
    onCallSettled: (serverId) => requests.callSettled(serverId),
  });
  const progress = new CallProgress({
    clock, ledger,
    takesProgress: (task) => !isTaskFinished(task) && (calls.isOnTheWire(task) || (task.phase === 'task' && task.form === 'legacy')),
    onAccepted: (task) => calls.progressed(task),
  });
  const requests: ServerRequests = new ServerRequests({
    clock, logger, ledger, inputs,
    callsInFlight: (serverId) => calls.inFlight(serverId),
    rootsOf: (serverId) => deps.rootsOf(serverId),
    isFinished: isTaskFinished,
  });
  const answers: AnswerDesk = new AnswerDesk({ clock, ledger, inputs, watcher, calls, requests, requireProtocol });
  return { saveHealth, registry, results, ledger, inputs, watcher, calls, progress, requests, answers, letGo };
}
