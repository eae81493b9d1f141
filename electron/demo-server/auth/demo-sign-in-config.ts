/**
 * How the app names and reaches the demo sign-in server (demo-sign-in.ts), apart from the server
 * itself so the app's main bundle does not pull in the servers.
 */
import type { HttpServerConfig } from '../../../shared/server-config.js';

/** Where `npm start -- --demo-auth` tells the Electron app the URL of the demo sign-in server it started. */
export const DEMO_SIGN_IN_URL_ENV = 'MCP_TASK_MONITOR_DEMO_SIGN_IN_URL';

/** The server config the app runs for the session to reach the demo sign-in server at `url`. */
export function demoSignInServerConfig(url: string): HttpServerConfig {
  return { id: 'demo-sign-in', name: 'Demo sign-in (tasks extension, OAuth)', transport: 'http', url };
}
