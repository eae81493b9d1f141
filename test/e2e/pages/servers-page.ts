/** Servers: the list, the chosen server's detail and its tabs, the add form (HTTP only in browser mode) and the import panel. */
import type { Locator, Page } from 'playwright';

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

  /** The list's entries, one per configured server. */
  get rows(): Locator {
    return this.page.getByTestId('server-row');
  }

  row(serverId: string): Locator {
    return this.page.locator(`[data-testid="server-row"][data-server-id="${serverId}"]`);
  }

  /** The list entry whose name is `name` (ids of added servers are chosen by the host). */
  rowNamed(name: string): Locator {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The detail pane of `serverId` (present only while it is the server shown). */
  detail(serverId: string): ServerDetailPart {
    return new ServerDetailPart(this.page.locator(`[data-testid="server-detail"][data-server-id="${serverId}"]`));
  }

  /** Chooses the server in the list and waits for its detail, on its Settings tab. */
  async open(serverId: string): Promise<ServerDetailPart> {
    await this.row(serverId).click();
    const detail = this.detail(serverId);
    await detail.showTab('settings');
    return detail;
  }

  /** As `open`, for the server named `name`. */
  async openNamed(name: string): Promise<ServerDetailPart> {
    const row = this.rowNamed(name);
    await row.waitFor();
    const id = await row.getAttribute('data-server-id');
    if (id === null) throw new Error(`the list entry of ${name} has no server id`);
    return this.open(id);
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

  /** Opens the import panel (when closed), pastes a config and imports it; waits for the report. */
  async importConfig(json: string): Promise<void> {
    const toggle = this.page.getByTestId('servers-import-toggle');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await this.importPanel.json().fill(json);
    await this.importPanel.submit().click();
    await this.importPanel.report().waitFor();
  }
}

/** The detail pane of one server; the locators of a tab find something only while it is shown. */
export class ServerDetailPart {
  constructor(readonly root: Locator) {}

  /** Settings tab: the connection state. */
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

  /** Shared folders tab: the folders (roots) shared with the server (URIs as text). */
  get rootUris(): Locator {
    return this.root.getByTestId('server-root-uri');
  }

  /** Shows one tab (`settings`, `tools`, `roots`, `console`) and waits for its panel. */
  async showTab(key: 'settings' | 'tools' | 'roots' | 'console'): Promise<void> {
    await this.root.getByTestId(`server-tab-${key}`).click();
    await this.root.getByTestId(`server-tabpanel-${key}`).waitFor();
  }

  /** Shares one more folder with the server (an absolute path); waits until the tab lists it. */
  async addRoot(path: string, name?: string): Promise<void> {
    await this.showTab('roots');
    const before = await this.rootUris.count();
    await this.root.getByTestId('server-root-path').fill(path);
    if (name !== undefined) await this.root.getByTestId('server-root-label').fill(name);
    await this.root.getByTestId('server-root-add').click();
    await this.rootUris.nth(before).waitFor();
  }

  /** Removes the server (with its confirm step). */
  async remove(): Promise<void> {
    await this.showTab('settings');
    await this.root.getByTestId('server-remove').click();
    await this.root.getByTestId('server-remove-confirm').click();
  }
}
