/** The inbox: search, filters, task rows and the empty state. */
import type { Locator, Page } from 'playwright-core';

export class InboxPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('inbox-screen');
  }

  get empty(): Locator {
    return this.page.getByTestId('inbox-empty');
  }

  get emptyRunTool(): Locator {
    return this.page.getByTestId('empty-run-tool');
  }

  get emptyOpenServers(): Locator {
    return this.page.getByTestId('empty-open-servers');
  }

  get search(): Locator {
    return this.page.getByTestId('inbox-search');
  }

  get statusFilter(): Locator {
    return this.page.getByTestId('inbox-status-filter');
  }

  get serverFilter(): Locator {
    return this.page.getByTestId('inbox-server-filter');
  }

  get count(): Locator {
    return this.page.getByTestId('inbox-count');
  }

  get rows(): Locator {
    return this.page.getByTestId('task-row');
  }

  /** The row of the task with local id `taskId`. */
  row(taskId: string): TaskRowPart {
    return new TaskRowPart(this.page.locator(`[data-testid="task-row"][data-task-id="${taskId}"]`));
  }
}

/** One inbox row. */
export class TaskRowPart {
  constructor(readonly root: Locator) {}

  get badge(): Locator {
    return this.root.getByTestId('status-badge');
  }

  get message(): Locator {
    return this.root.getByTestId('task-row-message');
  }

  /** `running …` / `took …`; its `title` names the clock. */
  get time(): Locator {
    return this.root.getByTestId('task-row-time');
  }

  get inputMarker(): Locator {
    return this.root.getByTestId('task-row-input-marker');
  }

  /** The row's progress bar (the ARIA progressbar inside it). */
  get progressBar(): Locator {
    return this.root.getByTestId('task-row-progress').getByRole('progressbar');
  }

  /** `40 %` / `in progress`. */
  get progressFigure(): Locator {
    return this.root.getByTestId('task-row-progress-figure');
  }

  /** Opens the task's detail. */
  async open(): Promise<void> {
    await this.root.getByRole('button').click();
  }
}
