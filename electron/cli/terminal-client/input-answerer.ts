/**
 * Answers the questions of the tasks (and calls) a command follows, as the policy says, one at
 * a time. Questions reach the CLI only as the engine's pending inputs, whatever path they came
 * by (a task's input requests, a 2025-11-25 request on a task's stream, a call's MRTR round, a
 * plain call's request), and every answer passes the host's own check (`checkAnswer`, the one the
 * app's answers pass) before the engine sends it. Questions of tasks nobody follows are left
 * pending: the app or a later `tasks show --watch` may answer them. A question the engine could tie
 * to no call (a stdio server asking while several calls run) is answered only for a server the
 * command follows as a whole: the one `call` talks to.
 */
import type { Engine } from '../../engine/index.js';
import { checkAnswer, checkInput, isSamplingDecline } from '../../host/input-views.js';
import { questionIdentity } from '../../../shared/question-identity.js';
import type { PendingInput } from '../../../shared/task-model.js';
import { decide, type AnswerPolicy, type InputDecision } from './answer-policy.js';
import type { Reporter } from './report.js';
import { askPerson, type Asker, type LineReader, type PromptOutput } from './terminal-prompt.js';

/** How to reach the person under `ask`. */
export interface Person {
  reader: LineReader;
  output: PromptOutput;
}

export interface InputAnswererOptions {
  engine: Engine;
  policy: AnswerPolicy;
  /** Needed for the `ask` policy. */
  person: Person | undefined;
  reporter: Reporter;
  /** Names of the asking server. */
  askerOf(serverId: string): Asker;
}

/** Follows tasks' pending inputs and answers them; `dispose` stops listening. */
export class InputAnswerer {
  private readonly followed = new Set<string>();
  private readonly followedServers = new Set<string>();
  /**
   * Questions taken up already (answered, or failed to answer), by `questionIdentity`: never taken
   * up twice, while a call's next MRTR round asking under the same key is a new question.
   */
  private readonly handled = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly subscription;

  constructor(private readonly options: InputAnswererOptions) {
    this.subscription = options.engine.onDidChangeInputs((inputs) => this.take(inputs));
  }

  /** Answers the questions of this task (or call) from now on, including those already pending. */
  follow(taskLocalId: string): void {
    this.followed.add(taskLocalId);
    this.take(this.options.engine.listInputs());
  }

  /** Also answers the questions `serverId` asks outside any call the engine can tie them to. */
  followServer(serverId: string): void {
    this.followedServers.add(serverId);
    this.take(this.options.engine.listInputs());
  }

  /** Resolves once every question taken up so far has been dealt with. */
  settled(): Promise<void> {
    return this.queue;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private take(inputs: readonly PendingInput[]): void {
    for (const input of inputs) {
      const isFollowed = input.localId === undefined ? this.followedServers.has(input.serverId) : this.followed.has(input.localId);
      const id = questionIdentity(input);
      if (!isFollowed || input.held === true || this.handled.has(id)) continue;
      this.handled.add(id);
      this.queue = this.queue.then(() => this.answer(input));
    }
  }

  private async answer(input: PendingInput): Promise<void> {
    const { engine, policy, person, reporter } = this.options;
    // Withdrawn while it waited its turn (the server stopped waiting, the task ended, or a new round asked it again).
    const identity = questionIdentity(input);
    if (!engine.listInputs().some((pending) => questionIdentity(pending) === identity)) return;
    const owner = input.localId ?? { serverId: input.serverId };
    const asker = this.options.askerOf(input.serverId);
    const checked = checkInput(input);
    const message = ('message' in checked ? checked.message : undefined) ?? '';
    const report = { ...(input.localId !== undefined ? { localId: input.localId } : {}), key: input.key, method: input.request.method, server: asker.name, message };
    let decision: InputDecision = decide(policy, checked);
    try {
      if (decision.kind === 'ask') {
        if (person === undefined) throw new Error('There is no terminal to ask on.');
        decision = await askPerson(person.reader, person.output, asker, checked);
      }
      if (decision.kind === 'answer' && !isSamplingDecline(input, decision.response)) {
        await engine.answerInput(owner, input.key, checkAnswer(input, decision.response));
        reporter.question({ ...report, said: decision.said, ...(decision.why !== undefined ? { why: decision.why } : {}) });
      } else {
        await engine.declineInput(owner, input.key);
        reporter.question({ ...report, said: 'declined', ...(decision.kind !== 'ask' && decision.why !== undefined ? { why: decision.why } : {}) });
      }
    } catch (error) {
      reporter.question({ ...report, said: 'failed', why: error instanceof Error ? error.message : String(error) });
    }
  }
}
