/** The Console tab of a server's detail, and the activity section of a task's detail. */
import type { Locator, Page } from 'playwright';

/** A console (a server's, or a task's lines of it). */
export class ConsolePart {
  constructor(readonly root: Locator) {}

  get lines(): Locator {
    return this.root.getByTestId('console-line');
  }

  get search(): Locator {
    return this.root.getByTestId('console-search');
  }

  get source(): Locator {
    return this.root.getByTestId('console-source');
  }

  /** Lines whose text contains `text`. */
  linesWith(text: string | RegExp): Locator {
    return this.lines.filter({ hasText: text });
  }
}

/** The Console tab of a server's detail (`detail` is the detail pane's root). */
export class ServerActivityPart {
  constructor(readonly detail: Locator) {}

  get tab(): Locator {
    return this.detail.getByTestId('server-tab-console');
  }

  get panel(): Locator {
    return this.detail.getByTestId('server-activity');
  }

  get console(): ConsolePart {
    return new ConsolePart(this.panel.getByTestId('server-console'));
  }

  get protocolLines(): Locator {
    return this.panel.getByTestId('protocol-line');
  }

  get logLevel(): Locator {
    return this.panel.getByTestId('server-log-level');
  }

  get exportButton(): Locator {
    return this.panel.getByTestId('server-log-export');
  }

  /** Shows the Console tab and waits for its panel. */
  async open(): Promise<void> {
    await this.tab.click();
    await this.panel.waitFor();
  }
}

/** The activity section of the task detail on screen. */
export class TaskActivityPart {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('task-activity');
  }

  get exchangeLines(): Locator {
    return this.root.getByTestId('exchange-line');
  }

  /** Exchange lines of one method. */
  exchange(method: string): Locator {
    return this.root.locator(`[data-testid="exchange-line"][data-method="${method}"]`);
  }

  get console(): ConsolePart {
    return new ConsolePart(this.root.getByTestId('server-console'));
  }

  get exportButton(): Locator {
    return this.root.getByTestId('task-export');
  }
}
