import { createActor, waitFor } from "xstate";
import { APP_ORIGIN, APP_URL } from "../config";
import type { ExtensionCodesDto } from "../../../src/contract/extension";
import { dayText } from "../../../src/domain/dealLifecycle";
import { codeCount, dealsForHost, currentDeals, newDeals, personToday, registrableDomainOf } from "../domain/siteMatch";
import { provideSessionMachine } from "../machines/sessionMachine";
import {
  GO_TO_PANEL_COMMAND,
  type AnswerTo,
  type BackgroundAnswers,
  type BackgroundRequest,
  type GoToPanelMessage,
  type PairAnswer,
  type SiteAnswer,
} from "../messages";
import { ExtensionApi } from "./api";
import { forgetSession, readState, writeState } from "./store";

const SYNC_ALARM = "sync-codes";
/** Deal alerts and the codes' refresh: never more often than this. */
const SYNC_PERIOD_MINUTES = 15;

const api = new ExtensionApi(APP_URL);

async function announceNewDeals(codes: ExtensionCodesDto): Promise<void> {
  const state = await readState();
  const live = currentDeals(codes.deals, personToday(codes, new Date()));
  const fresh = state.codes ? newDeals(state.knownDealIds, live) : [];
  await writeState({ knownDealIds: live.map((deal) => deal.id) });
  if (!state.alertsEnabled || fresh.length === 0) return;
  if (!(await chrome.permissions.contains({ permissions: ["notifications"] }))) return;
  const brands = [...new Set(fresh.map((deal) => deal.brand))];
  await chrome.notifications.create(`deals-${Date.now()}`, {
    type: "basic",
    iconUrl: chrome.runtime.getURL("icons/icon-128.png"),
    title: fresh.length === 1 ? "A new code in your inbox" : `${fresh.length} new codes in your inbox`,
    message: `From ${brands.slice(0, 3).join(", ")}${brands.length > 3 ? " and more" : ""}. Deal Finder will offer them at checkout.`,
  });
}

/** Storage writes the machine's actions start, in order; answers wait for them so they never read stale state. */
let writes: Promise<unknown> = Promise.resolve();
const enqueue = (work: () => Promise<unknown>) => {
  writes = writes.then(work, work);
};

const session = createActor(
  provideSessionMachine({
    loadSession: async () => (await readState()).session,
    pair: (code) => api.pair(code),
    fetchCodes: (token) => api.codes(token),
    refresh: (token) => api.refresh(token),
    logout: (token) => api.logout(token),
    saveSession: (stored) => enqueue(() => writeState({ session: stored })),
    clearSession: () => enqueue(forgetSession),
    saveCodes: (codes) => enqueue(() => announceNewDeals(codes).then(() => writeState({ codes, receivedAt: new Date().toISOString() }))),
  }),
).start();

/** Waits until the session machine has finished what it was doing (restoring, pairing, syncing, signing out). */
async function settled() {
  const snapshot = await waitFor(session, (state) => state.matches("unpaired") || state.matches({ paired: "idle" }), { timeout: 30_000 });
  await writes;
  return snapshot;
}

async function pair(code: string): Promise<PairAnswer> {
  await settled();
  session.send({ type: "PAIR", code });
  const after = await settled();
  return after.matches("paired") ? { ok: true } : { ok: false, message: after.context.problem ?? "Pairing failed." };
}

async function site(host: string, tabId: number | undefined): Promise<SiteAnswer> {
  const state = await readState();
  const today = personToday(state.codes, new Date());
  const deals = state.session && state.codes ? dealsForHost(state.codes.deals, host, today) : [];
  const count = codeCount(deals);
  if (tabId !== undefined) {
    await chrome.action.setBadgeText({ tabId, text: count > 0 ? String(count) : "" });
    if (count > 0) await chrome.action.setBadgeBackgroundColor({ tabId, color: "#1d4ed8" });
  }
  const domain = registrableDomainOf(host);
  // Every page of every site asks; only one with codes can show the panel that names the shortcut.
  return {
    deals,
    dismissed: domain !== null && state.dismissedSites.includes(domain),
    shortcut: count > 0 ? await panelShortcut() : "",
    today: dayText(today),
  };
}

/** The keys the person's browser has for the panel command: they may have changed or removed them. */
async function panelShortcut(): Promise<string> {
  const commands = await chrome.commands.getAll();
  return commands.find((command) => command.name === GO_TO_PANEL_COMMAND)?.shortcut ?? "";
}

type Sender = chrome.runtime.MessageSender;

/** One handler per request, each typed by the answer its asker expects (messages.ts's BackgroundAnswers). */
const handlers: { [Type in BackgroundRequest["type"]]: (request: Extract<BackgroundRequest, { type: Type }>, sender: Sender) => Promise<BackgroundAnswers[Type]> } = {
  PAIR: async (request, sender) => {
    // Only the bridge on Deal Finder's own origin may hand over a pairing code.
    if (sender.origin !== APP_ORIGIN && !sender.url?.startsWith(`${APP_ORIGIN}/`)) return { ok: false, message: "Pairing is only possible from Deal Finder." };
    return pair(request.code);
  },
  STATUS: async () => ({ paired: (await settled()).matches("paired") }),
  SITE: (request, sender) => site(request.host, sender.tab?.id),
  DISMISS_SITE: async (request) => {
    const domain = registrableDomainOf(request.host);
    const state = await readState();
    if (domain && !state.dismissedSites.includes(domain)) await writeState({ dismissedSites: [...state.dismissedSites, domain] });
    return { ok: true };
  },
  SYNC: async () => {
    await settled();
    session.send({ type: "SYNC" });
    return { paired: (await settled()).matches("paired"), problem: session.getSnapshot().context.problem };
  },
  SIGN_OUT: async () => {
    await settled();
    session.send({ type: "SIGN_OUT" });
    await settled();
    return { ok: true };
  },
  SET_ALERTS: async (request) => {
    await writeState({ alertsEnabled: request.enabled });
    return { ok: true };
  },
};

function handle(request: BackgroundRequest, sender: Sender): Promise<AnswerTo<BackgroundRequest>> {
  switch (request.type) {
    case "PAIR":
      return handlers.PAIR(request, sender);
    case "STATUS":
      return handlers.STATUS(request, sender);
    case "SITE":
      return handlers.SITE(request, sender);
    case "DISMISS_SITE":
      return handlers.DISMISS_SITE(request, sender);
    case "SYNC":
      return handlers.SYNC(request, sender);
    case "SIGN_OUT":
      return handlers.SIGN_OUT(request, sender);
    case "SET_ALERTS":
      return handlers.SET_ALERTS(request, sender);
  }
}

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Messages come only from this extension's own parts; anything else is not a request of ours.
  if (sender.id !== chrome.runtime.id || typeof message !== "object" || message === null) return false;
  handle(message as BackgroundRequest, sender).then(sendResponse, (error: unknown) => sendResponse({ ok: false, message: String(error) }));
  return true;
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (command !== GO_TO_PANEL_COMMAND || tab?.id === undefined) return;
  // A tab without the panel (no brand of the person's, or no checkout) has no listener: nothing to do there.
  void chrome.tabs.sendMessage(tab.id, { type: "GO_TO_PANEL" } satisfies GoToPanelMessage).catch(() => undefined);
});

const scheduleSync = () => void chrome.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_PERIOD_MINUTES });
chrome.runtime.onInstalled.addListener(scheduleSync);
chrome.runtime.onStartup.addListener(scheduleSync);
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === SYNC_ALARM && session.getSnapshot().matches({ paired: "idle" })) session.send({ type: "SYNC" });
});
