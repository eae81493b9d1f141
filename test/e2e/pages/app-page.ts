/** The app shell: navigation, app-wide banners, and the page objects of each screen. */
import type { Locator, Page } from 'playwright';
import { InboxPage } from './inbox-page.js';
import { InputsPage } from './inputs-page.js';
import { LauncherPage } from './launcher-page.js';
import { ServersPage } from './servers-page.js';
import { TaskDetailPage } from './task-detail-page.js';

export type ScreenName = 'inbox' | 'launcher' | 'servers' | 'inputs';

/** Navigation test ids that are not `nav-<screen>`. */
const NAV_IDS: Partial<Record<ScreenName, string>> = { inputs: 'nav-needs-input' };

export class AppPage {
  readonly inbox: InboxPage;
  readonly launcher: LauncherPage;
  readonly servers: ServersPage;
  readonly detail: TaskDetailPage;
  readonly inputs: InputsPage;

  constructor(readonly page: Page) {
    this.inbox = new InboxPage(page);
    this.launcher = new LauncherPage(page);
    this.servers = new ServersPage(page);
    this.detail = new TaskDetailPage(page);
    this.inputs = new InputsPage(page);
  }

  nav(screen: ScreenName): Locator {
    return this.page.getByTestId(NAV_IDS[screen] ?? `nav-${screen}`);
  }

  get inboxCount(): Locator {
    return this.page.getByTestId('nav-inbox-count');
  }

  get serversCount(): Locator {
    return this.page.getByTestId('nav-servers-count');
  }

  get disconnectedBanner(): Locator {
    return this.page.getByTestId('banner-disconnected');
  }

  get connectingBanner(): Locator {
    return this.page.getByTestId('banner-connecting');
  }

  get storeProblemsBanner(): Locator {
    return this.page.getByTestId('banner-store-problems');
  }

  /** The "?" dialog listing the keyboard shortcuts. */
  get keyboardHelp(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /** The header's theme select (system / light / dark). */
  get themeSwitch(): Locator {
    return this.page.getByTestId('theme-switch');
  }

  /** The page's background colour as the browser computed it (`rgb(…)`). */
  async backgroundColour(): Promise<string> {
    return this.page.evaluate(() => {
      const view = globalThis as unknown as { document: { body: object }; getComputedStyle: (element: object) => { backgroundColor: string } };
      return view.getComputedStyle(view.document.body).backgroundColor;
    });
  }

  /** The route part of the address (`#/tasks/<id>`). */
  hash(): string {
    return new URL(this.page.url()).hash;
  }

  /** Goes to `hash` as a typed address or a followed link would (the page stays loaded). */
  async goTo(hash: string): Promise<void> {
    const url = new URL(this.page.url());
    url.hash = hash;
    await this.page.goto(url.toString());
  }

  /** How wide the page's content is, in px: more than the window means it scrolls sideways. */
  async contentWidth(): Promise<number> {
    return this.page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  }

  /**
   * Loads the tokenized address and waits until the page is linked to the host: the task and
   * server counts in the navigation come from the host, so they show only once it answered.
   */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.inboxCount.waitFor();
    await this.serversCount.waitFor();
  }

  /** Opens a screen from the navigation and waits for it. */
  async show(screen: ScreenName): Promise<void> {
    await this.nav(screen).click();
    await this.page.getByTestId(`${screen}-screen`).waitFor();
  }
}
