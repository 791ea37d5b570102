/** The current time; the domain takes time as a parameter, views and machines ask this port. */
export abstract class Clock {
  abstract now(): Date;
}

export abstract class Clipboard {
  abstract copy(text: string): Promise<void>;
}

export interface NavigateOptions {
  replace?: boolean;
  /** History state for the next page, e.g. a message for the login page. */
  state?: unknown;
}

/** Where the browser is and how to move it. */
export abstract class Navigation {
  abstract currentPath(): string;
  /** In-app navigation without a reload. */
  abstract navigate(path: string, options?: NavigateOptions): void;
  /** Full page load, to another site (Google) or to restart the app with fresh state. */
  abstract assign(url: string): void;
}
