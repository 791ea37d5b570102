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
  /** The person's day (YYYY-MM-DD) the deals were judged on (siteMatch's personToday): the panel's "ends in N days". */
  today: string;
}
export interface SyncAnswer {
  paired: boolean;
  problem: string | null;
}
export interface DoneAnswer {
  ok: true;
}

/** What the service worker answers to each request: `ask` and the worker's handlers are both typed by it. */
export interface BackgroundAnswers {
  PAIR: PairAnswer;
  STATUS: StatusAnswer;
  SITE: SiteAnswer;
  DISMISS_SITE: DoneAnswer;
  SYNC: SyncAnswer;
  SIGN_OUT: DoneAnswer;
  SET_ALERTS: DoneAnswer;
}

export type AnswerTo<Request extends BackgroundRequest> = BackgroundAnswers[Request["type"]];

/** Sends a request to the service worker and waits for its answer, typed by the request. */
export function ask<Request extends BackgroundRequest>(request: Request): Promise<AnswerTo<Request>> {
  return chrome.runtime.sendMessage<AnswerTo<Request>>(request);
}
