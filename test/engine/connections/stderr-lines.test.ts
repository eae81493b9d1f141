import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_LINE_LENGTH, MAX_STDERR_LINES } from '../../../shared/server-config.js';
import { explainingLines, StderrTail } from '../../../electron/engine/connections/stderr-lines.js';

/** What Node 20 writes for `node /nonexistent.js`. */
const NODE_MODULE_NOT_FOUND = [
  'node:internal/modules/cjs/loader:1228',
  '  throw err;',
  '  ^',
  '',
  "Error: Cannot find module '/nonexistent.js'",
  '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
  '    at Module._load (node:internal/modules/cjs/loader:1051:27)',
  '    at node:internal/main/run_main_module:28:49 {',
  "  code: 'MODULE_NOT_FOUND',",
  '  requireStack: []',
  '}',
  '',
  'Node.js v20.20.2',
];

const PYTHON_IMPORT_ERROR = [
  'Traceback (most recent call last):',
  '  File "/srv/server.py", line 1, in <module>',
  '    import mcp',
  "ModuleNotFoundError: No module named 'mcp'",
];

describe('explainingLines', () => {
  it.each<[string, string[], string[]]>([
    ['Node\'s missing module: the error line, not its tail', NODE_MODULE_NOT_FOUND, ["Error: Cannot find module '/nonexistent.js'"]],
    ['a Python import error', PYTHON_IMPORT_ERROR, ['Traceback (most recent call last):', "ModuleNotFoundError: No module named 'mcp'"]],
    ['npx that cannot find a package', ['npm ERR! code E404', 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/@nope%2fserver', 'npm ERR! A complete log of this run can be found in: /tmp/x.log'], ['npm ERR! code E404', 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/@nope%2fserver', 'npm ERR! A complete log of this run can be found in: /tmp/x.log']],
    ['a panic', ["thread 'main' panicked at src/main.rs:4:5:", 'note: run with `RUST_BACKTRACE=1`'], ["thread 'main' panicked at src/main.rs:4:5:"]],
    ['nothing that reads like an error: the last lines', ['starting', 'loading config', 'listening on stdio', 'bye'], ['loading config', 'listening on stdio', 'bye']],
    ['repeated lines once', ['Error: port busy', 'Error: port busy', 'Error: port busy'], ['Error: port busy']],
    ['nothing at all', [], []],
  ])('%s', (_what, lines, expected) => {
    expect(explainingLines(lines)).toEqual(expected);
  });

  it(`keeps at most ${MAX_STDERR_LINES} lines, the last ones`, () => {
    const lines = Array.from({ length: 30 }, (_, index) => `error ${index}`);
    expect(explainingLines(lines)).toEqual(lines.slice(-MAX_STDERR_LINES));
  });
});

describe('StderrTail', () => {
  it('joins lines split across chunks and keeps an unfinished last line', () => {
    const tail = new StderrTail();
    tail.push('Error: Cannot fi');
    tail.push('nd module\r\nsecond');
    expect(tail.lines()).toEqual(['Error: Cannot find module', 'second']);
    tail.push(' line\n\n');
    expect(tail.lines()).toEqual(['Error: Cannot find module', 'second line']);
  });

  it('keeps only the last 50 lines, and bounds a line that never ends', () => {
    const tail = new StderrTail();
    tail.push(Array.from({ length: 500 }, (_, index) => `line ${index}`).join('\n') + '\n');
    expect(tail.lines()).toHaveLength(50);
    expect(tail.lines().at(-1)).toBe('line 499');
    for (let i = 0; i < 100; i++) tail.push('y'.repeat(10_000));
    expect(tail.lines().at(-1)).toHaveLength(MAX_REPORTED_LINE_LENGTH);
  });
});
