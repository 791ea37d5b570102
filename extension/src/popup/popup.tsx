import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { APP_URL } from "../config";
import { readState, type StoredState } from "../background/store";
import { dealsForHost, currentDeals, personToday } from "../domain/siteMatch";
import { ask } from "../messages";
import { PopupView } from "../ui/PopupView";
import "../ui/popup.css";

/** The current tab's host: readable here because opening the popup grants activeTab; it stays in the browser. */
async function currentHost(): Promise<string | null> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  try {
    return tab?.url ? new URL(tab.url).hostname : null;
  } catch {
    return null;
  }
}

const formatSync = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : null;

function Popup() {
  const [state, setState] = useState<StoredState | null>(null);
  const [host, setHost] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const load = () => void readState().then(setState);
    load();
    void currentHost().then(setHost);
    chrome.storage.onChanged.addListener(load);
  }, []);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const sync = () => run(async () => setProblem((await ask({ type: "SYNC" })).problem));
  const signOut = () => run(() => ask({ type: "SIGN_OUT" }));
  const changeAlerts = (enabled: boolean) =>
    run(async () => {
      // Notifications are an optional permission, asked for only when the person turns alerts on.
      const granted = enabled ? await chrome.permissions.request({ permissions: ["notifications"] }) : await chrome.permissions.remove({ permissions: ["notifications"] }).then(() => false);
      await ask({ type: "SET_ALERTS", enabled: enabled && granted });
    });

  if (!state) return null;
  const today = personToday(state.codes, new Date());
  const deals = state.codes?.deals ?? [];
  return (
    <PopupView
      appUrl={APP_URL}
      paired={state.session !== null}
      siteDeals={host ? dealsForHost(deals, host, today) : []}
      allDeals={currentDeals(deals, today)}
      lastSync={formatSync(state.codes?.lastSyncAt ?? null)}
      alertsEnabled={state.alertsEnabled}
      problem={problem}
      busy={busy}
      today={today}
      onSync={() => void sync()}
      onSignOut={() => void signOut()}
      onAlertsChange={(enabled) => void changeAlerts(enabled)}
    />
  );
}

createRoot(document.getElementById("root")!).render(<Popup />);
