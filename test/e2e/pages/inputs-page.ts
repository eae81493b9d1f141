/** "Needs input": one card per task holding all its questions, each with its form in place. */
import type { Locator, Page } from 'playwright';

export class InputsPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('inputs-screen');
  }

  /** The navigation's count of waiting questions. */
  get count(): Locator {
    return this.page.getByTestId('nav-input-count');
  }

  /** Every question shown (on the queue screen: the whole queue). */
  get items(): Locator {
    return this.page.getByTestId('input-item');
  }

  /** Every task's card (on the queue screen: one per task, holding all its questions). */
  get cards(): Locator {
    return this.page.getByTestId('input-card');
  }

  /** The card of task `taskId` (in the queue or on the task's detail). */
  card(taskId: string): Locator {
    return this.page.locator(`[data-testid="input-card"][data-task-id="${taskId}"]`);
  }

  /** The queue's "nothing waits" notice. */
  get empty(): Locator {
    return this.page.getByTestId('inputs-empty');
  }

  /** The queue entry of task `taskId` (in the queue or on the task's detail); `key` picks one of several. */
  item(taskId: string, key?: string): InputItem {
    const keyPart = key === undefined ? '' : `[data-key="${key}"]`;
    return new InputItem(this.page.locator(`[data-testid="input-item"][data-task-id="${taskId}"]${keyPart}`));
  }
}

/** One question with its form. */
export class InputItem {
  constructor(readonly root: Locator) {}

  /** The card holding this question and its task's others: it names the server and reminds what to share. */
  get card(): Locator {
    return this.root.locator('xpath=ancestor::*[@data-testid="input-card"][1]');
  }

  get serverName(): Locator {
    return this.card.getByTestId('input-server-name').first();
  }

  /** What a queued or held question asks (an open one shows it in its form). */
  get question(): Locator {
    return this.root.getByTestId('input-question');
  }

  /** "Queued": it waits behind its server's open questions. */
  get queued(): Locator {
    return this.root.getByTestId('input-queued');
  }

  get form(): Locator {
    return this.root.getByTestId('input-form');
  }

  field(name: string): Locator {
    return this.root.getByTestId(`input-field-${name}`);
  }

  fieldError(name: string): Locator {
    return this.root.getByTestId(`input-field-error-${name}`);
  }

  get accept(): Locator {
    return this.root.getByTestId('input-accept');
  }

  get decline(): Locator {
    return this.root.getByTestId('input-decline');
  }

  get cancel(): Locator {
    return this.root.getByTestId('input-cancel');
  }

  /** A URL-mode question's consent panel (in place of the form). */
  readonly url = {
    panel: (): Locator => this.root.getByTestId('input-url'),
    /** The host the address really goes to, highlighted. */
    host: (): Locator => this.root.getByTestId('input-url-host'),
    full: (): Locator => this.root.getByTestId('input-url-full'),
    warnings: (): Locator => this.root.getByTestId('input-url-warnings'),
    /** Open (the consent); offered only for an address the app would open. */
    open: (): Locator => this.root.getByTestId('input-url-open'),
    /** Why the host did not open it (browser mode: "open this address yourself"). */
    openError: (): Locator => this.root.getByTestId('input-url-open-error'),
    /** Accept without the app opening it, offered after Open failed. */
    acceptSelf: (): Locator => this.root.getByTestId('input-url-accept-self'),
  };

  /** "Answered", "Declined" or "Cancelled": the answer waits to go to the server with the task's other answers (extension form). */
  get held(): Locator {
    return this.root.getByTestId('input-held');
  }

  /** A sampling request: the conversation, parameters, and the reply the user writes. */
  readonly sampling = {
    panel: (): Locator => this.root.getByTestId('input-sampling'),
    conversation: (): Locator => this.root.getByTestId('input-sampling-conversation'),
    system: (): Locator => this.root.getByTestId('input-sampling-system'),
    parameters: (): Locator => this.root.getByTestId('input-sampling-parameters'),
    reply: (): Locator => this.root.getByTestId('input-sampling-reply'),
    send: (): Locator => this.root.getByTestId('input-sampling-send'),
    /** What Decline will do, said before the click. */
    declineEffect: (): Locator => this.root.getByTestId('input-decline-effect'),
  };

  /** A roots request: what would be shared. */
  readonly roots = {
    panel: (): Locator => this.root.getByTestId('input-roots'),
    list: (): Locator => this.root.getByTestId('input-roots-list'),
    none: (): Locator => this.root.getByTestId('input-roots-none'),
    send: (): Locator => this.root.getByTestId('input-roots-send'),
  };

  /** Waits until the question shows its form (or one of the other panels): no click opens it, every answerable one shows in place. */
  async waitUntilAnswerable(): Promise<void> {
    await this.form.or(this.url.panel()).or(this.sampling.panel()).or(this.roots.panel()).waitFor();
  }

  /** Chooses Yes or No in a yes/no field. */
  async choose(name: string, yes: boolean): Promise<void> {
    await this.field(name).getByLabel(yes ? 'Yes' : 'No', { exact: true }).check();
  }
}
