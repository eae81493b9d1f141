/**
 * Debian's Chromium driven by Playwright: the suite never uses a browser build that Playwright
 * downloads itself (`npx playwright install` is not part of setup). `CHROMIUM_PATH` overrides
 * the executable.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

/** The Chromium executable the end-to-end tests use. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium with the flags this closed network needs. Rejects with a message
 * that says what to install when the executable is missing (the suite fails, it never skips).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to a Chromium executable.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
