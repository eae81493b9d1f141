/**
 * A small 2025-11-25 MCP server (the SDK's `McpServer` over stdio) that offers `logging`, for the
 * console's end-to-end tests:
 * - at start it writes `started with API_KEY=<its API_KEY>` to its stderr (a server leaking its
 *   own secret: the app must redact it before anything is kept or shown);
 * - `log_each_level` sends one `notifications/message` at every level, least severe first, with
 *   the text `<tag> <level> line` (`tag` from its arguments), and answers `done`. The SDK drops
 *   the ones below the level the client set with `logging/setLevel`.
 *
 * Run: node --import tsx test/e2e/logging-server.ts (the test gives it to browser mode).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { LOG_LEVELS } from '../../shared/server-log.js';

async function main(): Promise<void> {
  process.stderr.write(`started with API_KEY=${process.env.API_KEY ?? ''}\n`);
  const server = new McpServer({ name: 'logging-fixture', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('log_each_level', { description: 'Sends one log message at every level.', inputSchema: { tag: z.string() } }, async ({ tag }) => {
    for (const level of LOG_LEVELS) await server.sendLoggingMessage({ level, logger: 'fixture', data: `${tag} ${level} line` });
    return { content: [{ type: 'text', text: 'done' }] };
  });
  await server.connect(new StdioServerTransport());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
