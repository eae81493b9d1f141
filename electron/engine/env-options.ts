/**
 * The engine options a host reads from its environment, in one place: the message limit
 * (`MCP_TASK_MONITOR_MAX_MESSAGE_MIB`, see connections/message-limit.ts) and the protocol log
 * switch (`MCP_TASK_MONITOR_PROTOCOL_LOG=off` turns recording off; anything else, or unset, keeps
 * the default: on).
 */
import { messageLimitFromEnv } from './connections/message-limit.js';

export const PROTOCOL_LOG_ENV = 'MCP_TASK_MONITOR_PROTOCOL_LOG';

/** The options `env` sets; problems (a limit that is not a number...) go to `warn` and the default applies. */
export function engineOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, warn: (problem: string) => void): { maxMessageBytes?: number; protocolLog?: boolean } {
  const raw = env[PROTOCOL_LOG_ENV]?.trim().toLowerCase();
  return { ...messageLimitFromEnv(env, warn), ...(raw === 'off' ? { protocolLog: false } : {}) };
}
