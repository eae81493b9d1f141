/** The terminal client's command line: what each command takes, and what is refused before anything runs. */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../electron/cli/terminal-client/cli-errors.js';
import { USAGE, parseCommandLine } from '../../../../electron/cli/terminal-client/command-line.js';

describe('parseCommandLine', () => {
  it('reads a call with arguments, --watch and a policy (options anywhere)', () => {
    expect(parseCommandLine(['call', '--watch', 'http://127.0.0.1:9/mcp', 'build', '--args', '{"durationMs":10}', '--answer', 'defaults', '--json'])).toEqual({
      kind: 'call',
      target: 'http://127.0.0.1:9/mcp',
      tool: 'build',
      args: { durationMs: 10 },
      watch: true,
      answer: 'defaults',
      dataDir: join(homedir(), '.mcp-task-monitor'),
      json: true,
      verbose: false,
      configFile: undefined,
    });
  });

  it('reads the tasks commands', () => {
    expect(parseCommandLine(['tasks', 'list', '--data', '/tmp/d'])).toMatchObject({ kind: 'tasks-list', dataDir: '/tmp/d' });
    expect(parseCommandLine(['tasks', 'show', 'abcd', '--watch', '--answer', 'ask', '--config', 'c.json'])).toMatchObject({ kind: 'tasks-show', id: 'abcd', watch: true, answer: 'ask', configFile: 'c.json' });
    expect(parseCommandLine(['tasks', 'cancel', 'abcd', '--url', 'https://x.example/mcp?k=1'])).toMatchObject({ kind: 'tasks-cancel', id: 'abcd', url: 'https://x.example/mcp?k=1' });
    expect(parseCommandLine(['tools', 'my-server', '--config', 'c.json'])).toMatchObject({ kind: 'tools', target: 'my-server' });
  });

  it.each([[[]], [['help']], [['--help']], [['call', '--help']]])('shows help for %j', (argv) => {
    expect(parseCommandLine(argv)).toEqual({ kind: 'help' });
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown command', ['deploy'], /Unknown command/],
    ['a call without a tool', ['call', 'http://x.example'], /missing <tool>/],
    ['a stray operand', ['tasks', 'list', 'extra'], /unexpected argument/],
    ['an unknown option', ['call', 'u', 't', '--force'], /Unknown option/],
    ['an option of another command', ['tasks', 'list', '--watch'], /tasks list does not take --watch/],
    ['--args that is not JSON', ['call', 'u', 't', '--args', '{a:1}'], /--args is not JSON/],
    ['--args that is not an object', ['call', 'u', 't', '--args', '[1]'], /must be a JSON object/],
    ['--answer without --watch on show', ['tasks', 'show', 'abcd', '--answer', 'decline'], /needs --watch/],
    ['an unknown tasks action', ['tasks', 'remove', 'x'], /Unknown tasks command/],
  ])('refuses %s', (_case, argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });

  it('documents every answer policy and exit code in the help', () => {
    for (const word of ['decline', 'cancel', 'defaults', '@<file>', 'ask', 'Exit codes', 'not finished']) expect(USAGE).toContain(word);
  });
});
