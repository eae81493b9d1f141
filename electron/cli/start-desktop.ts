/**
 * `npm start`: the desktop app when an Electron binary is installed — build the renderer and the
 * Electron entry points, then launch Electron (the host configures the demo servers on first
 * run). Where no binary can be had (it is downloaded from the internet when `electron` is
 * installed; docs/architecture.md#electron-on-machines-without-the-binary), say so in one paragraph
 * and run browser mode (`npm run serve`) instead, so `npm install && npm start` always starts the
 * app. Arguments after `--` go to Electron or to browser mode.
 *
 * `npm start -- --demo-auth` adds the demo sign-in server (a demo server that needs sign-in, with
 * its own authorization server on loopback) for the session: browser mode runs it itself
 * (`npm run serve -- --demo-auth`); for Electron it runs here, for as long as Electron does, and
 * the app learns its URL from DEMO_SIGN_IN_URL_ENV.
 */
import spawn from 'cross-spawn';
import type { ChildProcess } from 'node:child_process';
import { DEMO_SIGN_IN_URL_ENV } from '../demo-server/auth/demo-sign-in-config.js';
import { startDemoSignIn, type DemoSignIn } from '../demo-server/auth/demo-sign-in.js';
import { locateElectronBinary } from './electron-binary.js';
import { ELECTRON_MAIN_BUNDLE, PROJECT_ROOT, buildElectron, buildRenderer } from './build-electron.js';

const DEMO_AUTH_FLAG = '--demo-auth';
const passThrough = process.argv.slice(2);
const binary = locateElectronBinary();

let child: ChildProcess;
let demoSignIn: DemoSignIn | undefined;
if (binary.ok) {
  await buildRenderer();
  await buildElectron();
  const electronArgs = passThrough.filter((arg) => arg !== DEMO_AUTH_FLAG);
  const env = { ...process.env };
  if (electronArgs.length !== passThrough.length) {
    demoSignIn = await startDemoSignIn();
    env[DEMO_SIGN_IN_URL_ENV] = demoSignIn.url;
    console.log(`Demo sign-in: a server that needs sign-in is added for this session; its sign-in page is at ${demoSignIn.issuer} (any login and password pass).`);
  }
  child = spawn(binary.path, [ELECTRON_MAIN_BUNDLE, ...electronArgs], { stdio: 'inherit', cwd: PROJECT_ROOT, env });
} else {
  console.log(
    `The Electron desktop window cannot start on this machine: ${binary.reason}. ` +
      'Electron downloads its binary from the internet when the package is installed, and that did not happen here ' +
      '(run "npx install-electron" on a machine with internet access, or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an Electron binary). ' +
      'Starting browser mode instead (the same app in your browser; "npm run serve"): open the address it prints below.\n',
  );
  child = spawn('npm', ['run', 'serve', ...(passThrough.length > 0 ? ['--', ...passThrough] : [])], { stdio: 'inherit', cwd: PROJECT_ROOT });
}

// Ctrl+C already reaches the child (the terminal signals the whole foreground process group),
// and a second SIGINT makes browser mode skip its graceful close: only wait for the child then.
// A SIGTERM or SIGHUP aimed at this process alone is passed on.
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`Could not start: ${error.message}`);
  process.exitCode = 1;
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === null ? 0 : 1);
  void demoSignIn?.close();
});
