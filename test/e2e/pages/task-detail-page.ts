/** One task in full: facts, actions, error, result, timeline. */
import type { Locator, Page } from 'playwright';

export class TaskDetailPage {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('task-detail');
  }

  /** The detail's heading: an h1 as a page of its own, an h2 as the inbox's right-hand pane. */
  get heading(): Locator {
    return this.root.locator('#task-title');
  }

  /** The badge in the screen's heading (the timeline has badges of its own). */
  get badge(): Locator {
    return this.heading.getByTestId('status-badge');
  }

  /** What leaves the task: Back on a full page, Close in the inbox's pane. */
  get back(): Locator {
    return this.page.getByTestId('task-back').or(this.page.getByTestId('task-close'));
  }

  /** The "Task not found" state of an address naming a task the inbox does not hold. */
  get notFound(): Locator {
    return this.page.getByTestId('task-detail-gone');
  }

  get statusMessage(): Locator {
    return this.page.getByTestId('task-status-message');
  }

  get server(): Locator {
    return this.page.getByTestId('task-server');
  }

  get form(): Locator {
    return this.page.getByTestId('task-form');
  }

  get taskId(): Locator {
    return this.page.getByTestId('task-id');
  }

  get cancelButton(): Locator {
    return this.page.getByTestId('task-cancel');
  }

  /** The second step of Cancel: it acts. */
  get cancelConfirm(): Locator {
    return this.page.getByTestId('task-cancel-confirm');
  }

  /** Cancel, with its confirm step. */
  async cancel(): Promise<void> {
    await this.cancelButton.click();
    await this.cancelConfirm.click();
  }

  /** What a call with no task yet is ("Call in progress — no task yet; …"). */
  get callState(): Locator {
    return this.page.getByTestId('task-call-state');
  }

  /** `running 2m 05s` while the entry runs. */
  get elapsed(): Locator {
    return this.page.getByTestId('task-elapsed');
  }

  get explanation(): Locator {
    return this.page.getByTestId('task-explanation');
  }

  /** The progress bar of a live entry (the ARIA progressbar). */
  get progressBar(): Locator {
    return this.page.getByTestId('task-progress').getByRole('progressbar');
  }

  /** `40 %` / `in progress`. */
  get progressFigure(): Locator {
    return this.page.getByTestId('task-progress-figure');
  }

  /** Present when the bar was read from the status message. */
  get progressDerived(): Locator {
    return this.page.getByTestId('task-progress-derived');
  }

  get cancelRequested(): Locator {
    return this.page.getByTestId('task-cancel-requested');
  }

  get cancelError(): Locator {
    return this.page.getByTestId('task-cancel-error');
  }

  get runAgainButton(): Locator {
    return this.page.getByTestId('task-run-again');
  }

  get error(): Locator {
    return this.page.getByTestId('task-error');
  }

  get errorCode(): Locator {
    return this.page.getByTestId('task-error-code');
  }

  get errorMessage(): Locator {
    return this.page.getByTestId('task-error-message');
  }

  get result(): Locator {
    return this.page.getByTestId('task-result');
  }

  get resultText(): Locator {
    return this.result.getByTestId('result-text');
  }

  get resultStructured(): Locator {
    return this.result.getByTestId('result-structured');
  }

  get resultErrorBanner(): Locator {
    return this.result.getByTestId('result-error-banner');
  }

  /** How long the task runs or ran; its `title` names the clock. */
  get timing(): Locator {
    return this.page.getByTestId('task-timing');
  }

  /** The time to live left (absent once the task has ended). */
  get ttl(): Locator {
    return this.page.getByTestId('task-ttl');
  }

  get pollInterval(): Locator {
    return this.page.getByTestId('task-poll-interval');
  }

  get timelineEntries(): Locator {
    return this.page.getByTestId('timeline-entry');
  }

  /** Waits for the detail screen and returns the task's local id (what inbox rows are keyed by). */
  async waitForTask(): Promise<string> {
    await this.root.waitFor();
    const id = await this.root.getAttribute('data-task-id');
    if (id === null || id === '') throw new Error('task-detail has no data-task-id');
    return id;
  }

  /** Removes the task (with its confirm step). */
  async remove(): Promise<void> {
    await this.page.getByTestId('task-remove').click();
    await this.page.getByTestId('task-remove-confirm').click();
  }
}
