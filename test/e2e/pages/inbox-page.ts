/** The inbox: search, filters, task rows and the empty state. */
import type { Locator, Page } from 'playwright';

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

  /** The two-pane layout (absent on a narrow window, where the open task is a page). */
  get layout(): Locator {
    return this.page.getByTestId('inbox-layout');
  }

  /** The right-hand pane: the open task, or the placeholder. */
  get detailPane(): Locator {
    return this.page.getByTestId('inbox-detail-pane');
  }

  /** The right-hand pane's "Select a task" while none is open. */
  get noSelection(): Locator {
    return this.page.getByTestId('inbox-no-selection');
  }

  /** The bar between list and detail (an ARIA separator; `aria-valuenow` is the list's width in %). */
  get splitter(): Locator {
    return this.page.getByTestId('inbox-splitter');
  }

  /** The row whose button has focus, or none. */
  get focusedRow(): Locator {
    return this.page.locator('[data-testid="task-row"]:has(button:focus)');
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

  get button(): Locator {
    return this.root.getByRole('button');
  }

  /** Opens the task's detail. */
  async open(): Promise<void> {
    await this.button.click();
  }
}
