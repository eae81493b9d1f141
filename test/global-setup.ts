/**
 * Builds the renderer and the Electron entry points once per test run, before any file runs:
 * the browser-mode end-to-end tests serve `dist/renderer`, the Electron suite loads
 * `dist/electron`, and building inside each suite would race when they run in parallel.
 */
import { buildElectron, buildRenderer } from '../electron/cli/build-electron.js';

export default async function setup(): Promise<void> {
  await buildRenderer();
  await buildElectron();
}
