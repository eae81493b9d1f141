/**
 * The channel names of the IPC contract, without their schemas: what the Electron preload
 * needs to build its allowlisted API (it must not carry zod). `contract.ts` checks at compile
 * time that these lists and its schemas name exactly the same channels.
 */

/** Every invoke channel (`domain:verb`). */
export const INVOKE_CHANNEL_NAMES = [
  'app:info',
  'app:open-external',
  'servers:list',
  'servers:save',
  'servers:remove',
  'servers:approve',
  'servers:import',
  'servers:update-settings',
  'servers:retry',
  'servers:set-enabled',
  'servers:sign-in',
  'servers:sign-out',
  'tools:list',
  'tools:call',
  'tasks:list',
  'tasks:head',
  'tasks:get',
  'tasks:result',
  'tasks:cancel',
  'tasks:remove',
  'logs:console',
  'logs:protocol',
  'logs:export',
  'tasks:exchange',
  'tasks:export',
  'inputs:list',
  'inputs:answer',
] as const;

/** Every event channel (`domain:past-tense`). */
export const EVENT_CHANNEL_NAMES = [
  'tasks:updated',
  'tasks:removed',
  'servers:changed',
  'inputs:changed',
  'notifications:raised',
  'notifications:activated',
  'logs:appended',
  'app:changed',
] as const;

/** The window property under which the Electron preload exposes the bridge. */
export const BRIDGE_GLOBAL = 'mcpTaskMonitor';
