/** Small locator refinements for waiting on app state (Playwright auto-waits on each). */
import type { Locator } from 'playwright';

/** `locator`, narrowed to elements whose `data-status` is `status` (rows, badges, server states). */
export function withStatus(locator: Locator, status: string): Locator {
  return locator.and(locator.page().locator(`[data-status="${status}"]`));
}

/** `locator`, narrowed to elements whose text contains or matches `text`. */
export function withText(locator: Locator, text: string | RegExp): Locator {
  return locator.filter({ hasText: text });
}

/** The step number of a demo `build` status message ("Step 3/5: Linking" → 3), or undefined. */
export function buildStep(message: string | null): number | undefined {
  const match = /Step (\d)\/5/.exec(message ?? '');
  return match === null ? undefined : Number(match[1]);
}
