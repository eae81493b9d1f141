/**
 * The terminal client's answerer against a real engine and a real MRTR server over stdio
 * (test/fixtures/mrtr-elicitation-server.ts), on a wall clock that stands still: every round of a
 * call that keeps asking under the same key is filed in the same millisecond. Each round is still
 * a new question, answered once, and the call ends when the engine gives up on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../../../shared/task-model.js';
import { MAX_INPUT_ROUNDS } from '../../../../electron/engine/calls/tool-calls.js';
import { systemClock } from '../../../../electron/engine/index.js';
import { InputAnswerer } from '../../../../electron/cli/terminal-client/input-answerer.js';
import { jsonReporter } from '../../../../electron/cli/terminal-client/report.js';
import { CONFIRM_KEY } from '../../../fixtures/mrtr-elicitation-server.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../../../helpers/engine-harness.js';
import { fixtureServerConfig } from '../../../helpers/fixture-engine.js';

const config = fixtureServerConfig('mrtr', 'MRTR elicitation', new URL('../../../fixtures/mrtr-elicitation-server.ts', import.meta.url));
/** The wall clock of this engine: it never moves. */
const STILL = Date.UTC(2026, 11, 5, 12, 0, 0);

describe('the answerer, when rounds of one call arrive in the same millisecond', () => {
  const data = tempDataDir();
  const engine = nodeEngine(data.dir, { ...systemClock, now: () => STILL });
  const lines: Record<string, unknown>[] = [];
  const answerer = new InputAnswerer({
    engine,
    policy: { kind: 'decline' },
    person: undefined,
    reporter: jsonReporter({ stdout: { write: (text: string) => lines.push(JSON.parse(text) as Record<string, unknown>) }, stderr: { write: () => true } }),
    askerOf: () => ({ name: 'mrtr' }),
  });

  beforeAll(async () => {
    await engine.start([config]);
    await waitForServer(engine, config.id);
  });
  afterAll(async () => {
    answerer.dispose();
    await engine.dispose();
    data.cleanup();
  });

  it('answers every round once, until the engine gives up on the call', async () => {
    const outcome = await engine.callTool(config.id, 'release', {});
    if (outcome.kind !== 'input_required') throw new Error(`expected input_required, got ${outcome.kind}`);
    const id = outcome.task.localId;
    answerer.follow(id);

    const ended = await waitForTask(engine, id, isTaskFinished, 15_000, 'the call to be given up');
    await answerer.settled();

    const answered = lines.filter((line) => line.type === 'question');
    // The first asking and one per round after it, each declined once: none skipped, none twice.
    expect(answered).toHaveLength(MAX_INPUT_ROUNDS + 1);
    expect(answered.every((line) => line.key === CONFIRM_KEY && line.answer === 'declined' && line.task === id)).toBe(true);
    expect(ended.phase).toBe('outcome-unknown');
    expect(engine.listInputs()).toEqual([]);
  });
});
