/** "Run a tool": server and tool pickers, the arguments form, and the call's outcome. */
import type { Locator, Page } from 'playwright';

/** What the server picker appends to a server that is not connected. */
export const NOT_CONNECTED_SUFFIX = /\((connecting|reconnecting|closed)\)$/;

export class LauncherPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('launcher-screen');
  }

  get server(): Locator {
    return this.page.getByTestId('launcher-server');
  }

  get tool(): Locator {
    return this.page.getByTestId('launcher-tool');
  }

  get form(): Locator {
    return this.page.getByTestId('launcher-form');
  }

  get runButton(): Locator {
    return this.page.getByTestId('launcher-run');
  }

  get callError(): Locator {
    return this.page.getByTestId('launcher-call-error');
  }

  /** The control of the schema property `property`. */
  field(property: string): Locator {
    return this.page.getByTestId(`launcher-field-${property}`);
  }

  /** The server's option; its label ends with "(connecting)" and the like until it is connected. */
  serverOption(serverId: string): Locator {
    return this.server.locator(`option[value="${serverId}"]`);
  }

  /**
   * Chooses a server by id once it is connected (tools of a server that is still connecting
   * cannot be listed), and waits until its tools are listed (the tool select is enabled).
   */
  async chooseServer(serverId: string): Promise<void> {
    await this.serverOption(serverId).filter({ hasNotText: NOT_CONNECTED_SUFFIX }).waitFor({ state: 'attached' });
    await this.server.selectOption(serverId);
    await this.tool.and(this.page.locator(':enabled')).waitFor();
  }

  /** Chooses a tool by name and waits for its form. */
  async chooseTool(name: string): Promise<void> {
    await this.tool.selectOption(name);
    await this.form.waitFor();
  }

  /**
   * Picks server and tool, fills the given fields (by property name) and presses Run. A task
   * opens its detail; the caller waits for that.
   */
  async run(serverId: string, toolName: string, fields: Readonly<Record<string, string>> = {}): Promise<void> {
    await this.chooseServer(serverId);
    await this.chooseTool(toolName);
    for (const [property, value] of Object.entries(fields)) await this.field(property).fill(value);
    await this.runButton.click();
  }
}
