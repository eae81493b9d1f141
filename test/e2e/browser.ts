/**
 * Debian's Chromium driven by Playwright: the suite never uses a browser build that Playwright
 * downloads itself (`npx playwright install` is not part of setup). `CHROMIUM_PATH` overrides
 * the executable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

/** The Chromium executable the end-to-end tests use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this closed network needs (no sandbox as root, no GPU, nothing that calls home). */
export const CHROMIUM_FLAGS: readonly string[] = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** The Chromium executable; throws an error that says what to install when it is missing. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.`);
  }
  return CHROMIUM_PATH;
}

/**
 * Launches headless Chromium with the flags this closed network needs. Rejects with a message
 * that says what to install when the executable is missing (the suite fails, it never skips).
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), headless: true, args: [...CHROMIUM_FLAGS] });
}
