import { injectable } from "inversify";
import { navigate } from "wouter/use-browser-location";
import { Clipboard, Clock, Navigation, type NavigateOptions } from "../../application/ports/platform";

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
