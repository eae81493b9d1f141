/**
 * Notifications in browser mode: the header switch, and a recorder installed before the page
 * loads that wraps `window.Notification` so every notification the page constructs is kept (the
 * real one is still created) and its `onclick` can be called as a click would.
 */
import type { BrowserContext, Locator, Page } from 'playwright';

/** A browser notification as the page scripts below see it (this tsconfig has no DOM types). */
interface PageNotification {
  title: string;
  body: string;
  onclick: ((this: PageNotification, event: Event) => unknown) | null;
}

/** The page's global scope, as far as the recorder touches it. */
interface PageScope {
  Notification: new (title: string, options?: object) => PageNotification;
  recordedNotifications: PageNotification[];
}

/** What the recorder keeps of one notification. */
export interface RecordedNotification {
  title: string;
  body: string;
}

/** Installs the recorder in every page `context` opens from now on (reload the page after). */
export async function recordNotifications(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const scope = globalThis as unknown as PageScope;
    const Native = scope.Notification;
    const recorded: PageNotification[] = [];
    class Recording extends Native {
      constructor(title: string, options?: object) {
        super(title, options);
        recorded.push(this);
      }
    }
    Object.defineProperty(scope, 'recordedNotifications', { value: recorded });
    Object.defineProperty(scope, 'Notification', { value: Recording, configurable: true, writable: true });
  });
}

export class NotificationsPage {
  constructor(readonly page: Page) {}

  /** The header's "Turn on notifications" button (permission not yet asked). */
  get turnOn(): Locator {
    return this.page.getByTestId('notifications-turn-on');
  }

  /** The header's state once decided (`data-state`: on, blocked, unsupported). */
  get status(): Locator {
    return this.page.getByTestId('notifications-status');
  }

  /** Every notification the page constructed, in order. */
  recorded(): Promise<RecordedNotification[]> {
    return this.page.evaluate(() => (globalThis as unknown as PageScope).recordedNotifications.map(({ title, body }) => ({ title, body })));
  }

  /** Calls the `onclick` of the first recorded notification titled `title`, as the browser does on a click. */
  async click(title: string): Promise<void> {
    await this.page.evaluate((wanted) => {
      const notification = (globalThis as unknown as PageScope).recordedNotifications.find((shown) => shown.title === wanted);
      if (notification?.onclick == null) throw new Error(`No clickable notification titled ${wanted}`);
      notification.onclick.call(notification, new Event('click'));
    }, title);
  }

  /** The notifications switch in a server's detail, on its Settings tab (checked = on). */
  serverSwitch(serverId: string): Locator {
    return this.page.locator(`[data-testid="server-detail"][data-server-id="${serverId}"]`).getByTestId('server-notifications');
  }
}
