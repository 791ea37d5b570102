import type { SiteDeal } from "./domain/siteMatch";

/**
 * What the extension's parts say to its service worker. A host never leaves the browser: the checkout script asks
 * the service worker, which matches it against the codes it already holds.
 */
export type BackgroundRequest =
  | { type: "PAIR"; code: string }
  | { type: "STATUS" }
  | { type: "SITE"; host: string }
  | { type: "DISMISS_SITE"; host: string }
  | { type: "SYNC" }
  | { type: "SIGN_OUT" }
  | { type: "SET_ALERTS"; enabled: boolean };

/** The keyboard command that takes focus to the checkout panel, and what the service worker then tells the tab. */
export const GO_TO_PANEL_COMMAND = "go-to-panel";
export interface GoToPanelMessage {
  type: "GO_TO_PANEL";
}
export const isGoToPanel = (message: unknown): message is GoToPanelMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "GO_TO_PANEL";

export type PairAnswer = { ok: true } | { ok: false; message: string };
export interface StatusAnswer {
  paired: boolean;
}
export interface SiteAnswer {
  deals: SiteDeal[];
  dismissed: boolean;
  /** The keys that take focus to the panel, as the person's browser has them ("Alt+Shift+D"); "" when none is set. */
  shortcut: string;
}

/** What the app's page and the extension say to each other with window.postMessage (the extension's contract). */
export const APP_SOURCE = "deal-finder-app";
export const EXTENSION_SOURCE = "deal-finder-extension";

export type AppMessage = { source: typeof APP_SOURCE; type: "PING" } | { source: typeof APP_SOURCE; type: "PAIR"; code: string };

export type ExtensionMessage =
  | { source: typeof EXTENSION_SOURCE; type: "PONG"; paired: boolean; version: string }
  | { source: typeof EXTENSION_SOURCE; type: "PAIRED" }
  | { source: typeof EXTENSION_SOURCE; type: "PAIR_FAILED"; message: string };

const PAIRING_CODE = /^[A-Za-z0-9_-]{16,512}$/;

/** A message from the app's page, checked field by field: any page script could post anything. */
export function readAppMessage(data: unknown): AppMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== APP_SOURCE) return null;
  if (message.type === "PING") return { source: APP_SOURCE, type: "PING" };
  if (message.type === "PAIR" && typeof message.code === "string" && PAIRING_CODE.test(message.code)) {
    return { source: APP_SOURCE, type: "PAIR", code: message.code };
  }
  return null;
}

/** Sends a request to the service worker and waits for its answer. */
export function ask<T>(request: BackgroundRequest): Promise<T> {
  return chrome.runtime.sendMessage<T>(request);
}
