/** `tools <url|name>`: the tools a server offers, as it lists them (untrusted text). */
import type { Command } from './command-line.js';
import type { CommandContext, CommandEnd } from './command-context.js';
import { resolveTarget } from './targets.js';
import { CommandFailed } from './cli-errors.js';
import { isSignInRefusal } from './cli-sign-in.js';

type ToolsCommand = Extract<Command, { kind: 'tools' }>;

export async function runTools(command: ToolsCommand, context: CommandContext): Promise<CommandEnd> {
  const { server, notes } = await resolveTarget(command.target, command.configFile);
  for (const note of notes) context.reporter.note(note);
  const session = await context.openSession(command.dataDir);
  try {
    await session.connect(server);
    let tools;
    for (;;) {
      try {
        tools = await session.engine.listTools(server.id);
        break;
      } catch (error) {
        // Refused for want of sign-in or access: signed in again (bounded), then asked again.
        if (isSignInRefusal(error)) await session.signInAgain(server);
        else throw new CommandFailed(`${server.name} did not list its tools: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    context.reporter.tools(tools);
    return { outcome: 'completed' };
  } finally {
    await session.close();
  }
}
