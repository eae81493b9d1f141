/** Servers: cards, the add form (HTTP only in browser mode) and the import panel. */
import type { Locator, Page } from 'playwright-core';

export class ServersPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('servers-screen');
  }

  get addButton(): Locator {
    return this.page.getByTestId('server-add');
  }

  get stdioLocked(): Locator {
    return this.page.getByTestId('servers-stdio-locked');
  }

  get cards(): Locator {
    return this.page.getByTestId('server-card');
  }

  card(serverId: string): ServerCardPart {
    return new ServerCardPart(this.page.locator(`[data-testid="server-card"][data-server-id="${serverId}"]`));
  }

  /** The card whose heading is `name` (ids of added servers are chosen by the host). */
  cardNamed(name: string): ServerCardPart {
    return new ServerCardPart(this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) }));
  }

  readonly form = {
    root: (): Locator => this.page.getByTestId('server-form'),
    stdio: (): Locator => this.page.getByTestId('server-form-stdio'),
    http: (): Locator => this.page.getByTestId('server-form-http'),
    name: (): Locator => this.page.getByTestId('server-form-name'),
    url: (): Locator => this.page.getByTestId('server-form-url'),
    save: (): Locator => this.page.getByTestId('server-form-save'),
    error: (): Locator => this.page.getByTestId('server-form-error'),
  };

  readonly importPanel = {
    root: (): Locator => this.page.getByTestId('import-panel'),
    json: (): Locator => this.page.getByTestId('import-json'),
    submit: (): Locator => this.page.getByTestId('import-submit'),
    report: (): Locator => this.page.getByTestId('import-report'),
    imported: (): Locator => this.page.getByTestId('import-imported').getByRole('listitem'),
    skipped: (): Locator => this.page.getByTestId('import-skipped').getByRole('listitem'),
  };

  /** Adds an HTTP server through the form and waits for the form to close. */
  async addHttpServer(name: string, url: string): Promise<void> {
    await this.addButton.click();
    await this.form.root().waitFor();
    await this.form.http().check();
    await this.form.name().fill(name);
    await this.form.url().fill(url);
    await this.form.save().click();
    await this.form.root().waitFor({ state: 'detached' });
  }

  /** Pastes a config and imports it; waits for the report. */
  async importConfig(json: string): Promise<void> {
    await this.importPanel.json().fill(json);
    await this.importPanel.submit().click();
    await this.importPanel.report().waitFor();
  }
}

/** One server card. */
export class ServerCardPart {
  constructor(readonly root: Locator) {}

  get state(): Locator {
    return this.root.getByTestId('server-state');
  }

  get era(): Locator {
    return this.root.getByTestId('server-era');
  }

  /** How the server's process ended and what it wrote to stderr (a stdio server that exited). */
  get exit(): Locator {
    return this.root.getByTestId('server-exit');
  }

  get retryButton(): Locator {
    return this.root.getByTestId('server-retry');
  }

  get disableButton(): Locator {
    return this.root.getByTestId('server-disable');
  }

  get enableButton(): Locator {
    return this.root.getByTestId('server-enable');
  }

  /** The folders (roots) shared with the server, as listed on its card (URIs as text). */
  get rootUris(): Locator {
    return this.root.getByTestId('server-root-uri');
  }

  /** Shares one more folder with the server (an absolute path); waits until the card lists it. */
  async addRoot(path: string, name?: string): Promise<void> {
    const before = await this.rootUris.count();
    await this.root.getByTestId('server-root-path').fill(path);
    if (name !== undefined) await this.root.getByTestId('server-root-label').fill(name);
    await this.root.getByTestId('server-root-add').click();
    await this.rootUris.nth(before).waitFor();
  }

  /** Removes the server (with its confirm step). */
  async remove(): Promise<void> {
    await this.root.getByTestId('server-remove').click();
    await this.root.getByTestId('server-remove-confirm').click();
  }
}
