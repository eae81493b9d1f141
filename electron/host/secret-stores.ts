/** Secret stores that need no platform (Electron's safeStorage one lives in electron/main). */
import type { SecretStore } from './host-api.js';

/**
 * For browser mode: nothing can be protected, so nothing secret is persisted. Header values
 * then live for the session only (from the config file or the command line).
 */
export const sessionOnlySecretStore: SecretStore = {
  protection: 'unavailable',
  protect: () => undefined,
  reveal: () => undefined,
};
