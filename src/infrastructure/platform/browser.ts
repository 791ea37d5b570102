import { injectable } from "inversify";
import { navigate } from "wouter/use-browser-location";
import { Clipboard, Clock, Navigation, type NavigateOptions } from "../../application/ports/platform";
import { SessionRefreshLock } from "../../application/ports/session";

@injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

@injectable()
export class BrowserClipboard extends Clipboard {
  async copy(text: string): Promise<void> {
    await navigator.clipboard.writeText(text);
  }
}

/** The Web Locks API, shared by every tab of the origin; where a browser lacks it, the work runs at once. */
@injectable()
export class WebLocksSessionRefreshLock extends SessionRefreshLock {
  holding<T>(work: () => Promise<T>): Promise<T> {
    if (typeof navigator === "undefined" || !navigator.locks) return work();
    return navigator.locks.request("deal-finder-session-refresh", work);
  }
}

/** Moves the browser through wouter's history-based location, so routes re-render. */
@injectable()
export class BrowserNavigation extends Navigation {
  currentPath(): string {
    return window.location.pathname;
  }

  navigate(path: string, options: NavigateOptions = {}): void {
    navigate(path, { replace: options.replace, state: options.state });
  }

  assign(url: string): void {
    window.location.assign(url);
  }
}
