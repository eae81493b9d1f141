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
      signIn: { browser: 'print' },
    });
  });

  it('reads the sign-in flags, each defaulting from its environment variable', () => {
    expect(parseCommandLine(['call', 'http://127.0.0.1:9/mcp', 'x', '--browser', 'follow', '--client-id', 'app', '--client-metadata-url', 'https://app.example/client.json'], { MCP_TASK_MONITOR_CLIENT_SECRET: 's3cret' })).toMatchObject({
      signIn: { browser: 'follow', clientId: 'app', clientSecret: 's3cret', clientMetadataUrl: 'https://app.example/client.json' },
    });
    expect(parseCommandLine(['tools', 'http://127.0.0.1:9/mcp'], { MCP_TASK_MONITOR_BROWSER: 'follow', MCP_TASK_MONITOR_CLIENT_ID: 'env-app' })).toMatchObject({ signIn: { browser: 'follow', clientId: 'env-app' } });
    // The command line wins over the environment.
    expect(parseCommandLine(['tools', 'http://127.0.0.1:9/mcp', '--browser', 'print'], { MCP_TASK_MONITOR_BROWSER: 'follow' })).toMatchObject({ signIn: { browser: 'print' } });
  });

  it.each([
    [['tools', 'http://127.0.0.1:9/mcp', '--browser', 'chrome'], /--browser must be print or follow/],
    [['tools', 'http://127.0.0.1:9/mcp', '--client-secret', 'x'], /--client-secret needs --client-id/],
    [['tools', 'http://127.0.0.1:9/mcp', '--client-metadata-url', 'http://app.example/c.json'], /must be an https:\/\/ address/],
    [['tasks', 'list', '--browser', 'follow'], /tasks list does not take --browser/],
  ])('refuses sign-in flags it cannot use: %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(message);
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
