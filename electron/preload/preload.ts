/**
 * The sandboxed preload (bundled to one CommonJS file, dist/electron/preload.cjs, as sandboxed
 * preloads must be): exposes the allowlisted bridge on `window[BRIDGE_GLOBAL]`, nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../../shared/ipc/channels.js';
import { createBridge } from './bridge.js';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer));
