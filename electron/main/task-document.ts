/**
 * The task store's document on electron-store (ConfTaskStore's `openDocument`): the very same
 * `<data folder>/tasks.json` that conf writes in plain Node, written atomically by the same
 * library underneath. Never `clearInvalidConfig`: it wipes a damaged file silently
 * (docs/security.md#persistence).
 */
import Store from 'electron-store';
import type { OpenTaskDocument } from '../engine/index.js';

/** Opens `tasks.json` through electron-store with exactly the options the task store asks for. */
export const openElectronStoreDocument: OpenTaskDocument = (options) =>
  new Store<Record<string, unknown>>({
    cwd: options.cwd,
    name: options.name,
    serialize: options.serialize,
    configFileMode: options.fileMode,
    clearInvalidConfig: false,
  });
