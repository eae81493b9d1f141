import { describe, expect, it } from 'vitest';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS } from '../../../shared/server-config.js';
import { isGivingUp, RECONNECT_CAP_MS, reconnectDelay, recentFailedStarts } from '../../../electron/engine/connections/backoff.js';
import { McpRequestError } from '../../../electron/engine/connections/mcp-request-error.js';
import { detectTaskSupport } from '../../../electron/engine/connections/capabilities.js';

describe('reconnectDelay', () => {
  it.each([
    // attempt, random → delay: half the step fixed, half jittered; capped at 30 s
    [1, 0, 250], [1, 1, 500], [2, 0.5, 750], [4, 0, 2_000], [7, 1, 30_000], [50, 1, 30_000], [50, 0, 15_000],
  ])('attempt %s with random %s → %s ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, () => random)).toBe(expected);
  });

  it('never exceeds the cap', () => {
    for (let attempt = 1; attempt < 100; attempt++) expect(reconnectDelay(attempt, () => 0.999)).toBeLessThanOrEqual(RECONNECT_CAP_MS);
  });
});

describe('recentFailedStarts and isGivingUp', () => {
  const minute = 60_000;
  it.each<[string, number[], number, number[], boolean]>([
    ['none yet', [], 0, [], false],
    ['five within the window', [0, 1_000, 2_000, 4_000, 8_000], 8_000, [0, 1_000, 2_000, 4_000, 8_000], true],
    ['four within the window', [0, 1_000, 2_000, 4_000], 4_000, [0, 1_000, 2_000, 4_000], false],
    ['five, the first just out of the window', [0, 1_000, 2_000, 4_000, FAILED_START_WINDOW_MS], FAILED_START_WINDOW_MS, [1_000, 2_000, 4_000, FAILED_START_WINDOW_MS], false],
    ['slow failures, a minute apart', [0, minute, 2 * minute, 3 * minute, 4 * minute], 4 * minute, [3 * minute, 4 * minute], false],
  ])('%s', (_what, times, now, recent, givesUp) => {
    expect(recentFailedStarts(times, now)).toEqual(recent);
    expect(isGivingUp(recentFailedStarts(times, now))).toBe(givesUp);
  });

  it(`gives up at ${MAX_FAILED_STARTS}`, () => {
    expect(isGivingUp(Array.from({ length: MAX_FAILED_STARTS }, (_, index) => index))).toBe(true);
  });
});

describe('McpRequestError.fromServer', () => {
  it('names the capabilities a -32021 requires', () => {
    const error = McpRequestError.fromServer(-32021, 'Missing capability', { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } });
    expect(error.isMissingCapability).toBe(true);
    expect(error.message).toBe('The server requires a client capability this app did not declare: {"extensions":{"io.modelcontextprotocol/tasks":{}}} (Missing capability)');
  });

  it.each([
    [-32003, { requiredCapabilities: {} }, true],
    [-32003, undefined, false],
    [-32602, undefined, false],
  ])('code %s with data %j → missing capability %s', (code, data, expected) => {
    expect(McpRequestError.fromServer(code, 'x', data).isMissingCapability).toBe(expected);
  });

  it('marks -32602 as an unknown task and cuts long messages', () => {
    const error = McpRequestError.fromServer(-32602, 'y'.repeat(5_000), undefined);
    expect(error.isUnknownTask).toBe(true);
    expect(error.message).toHaveLength(2_000);
  });
});

describe('detectTaskSupport', () => {
  const extension = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
  const legacy = { tasks: { requests: { tools: { call: {} } } } };
  it.each([
    ['modern', extension, 'extension'],
    ['modern', { extensions: { 'io.modelcontextprotocol/tasks': { future: true } } }, 'extension'],
    ['modern', legacy, 'none'],
    ['legacy', legacy, 'legacy'],
    // SDK v2 servers echo `extensions` in a legacy initialize result: never Form A there.
    ['legacy', extension, 'none'],
    ['legacy', { tasks: { list: {} } }, 'none'],
    ['modern', undefined, 'none'],
  ] as const)('%s era with %j → %s', (era, capabilities, expected) => {
    expect(detectTaskSupport(era, capabilities)).toBe(expected);
  });
});
