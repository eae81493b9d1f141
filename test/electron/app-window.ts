/**
 * Page object for the desktop window in the Electron end-to-end suite: every selector the suite
 * uses lives here (the renderer's `data-testid`s).
 */
import type { Locator, Page } from 'playwright';

/** The app's main window. */
export class AppWindow {
  constructor(readonly page: Page) {}

  /** Runs `toolName` on `serverId` from the launcher, filling the given fields. */
  async runTool(serverId: string, toolName: string, fields: Readonly<Record<string, string>>): Promise<void> {
    await this.page.getByTestId('nav-launcher').click();
    // selectOption waits for the option to exist and the select to be enabled (tools listed).
    await this.page.getByTestId('launcher-server').selectOption(serverId);
    await this.page.getByTestId('launcher-tool').selectOption(toolName);
    for (const [name, value] of Object.entries(fields)) await this.page.getByTestId(`launcher-field-${name}`).fill(value);
    await this.page.getByTestId('launcher-run').click();
  }

  /** Shows the inbox. */
  async openInbox(): Promise<void> {
    await this.page.getByTestId('nav-inbox').click();
  }

  /** Inbox rows of `toolName` with the given status kind (`working`, `completed`, …). */
  taskRows(toolName: string, status: string): Locator {
    return this.page.locator(`[data-testid="task-row"][data-status="${status}"]`).filter({ hasText: toolName });
  }
}
