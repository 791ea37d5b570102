import { useId, useState } from "react";
import { expiryLabel } from "../../../src/domain/deal";
import { searchDeals, type SiteDeal } from "../domain/siteMatch";

export interface PopupViewProps {
  appUrl: string;
  paired: boolean;
  /** This tab's site's deals, first. */
  siteDeals: SiteDeal[];
  /** Every live deal with a code, for the search. */
  allDeals: SiteDeal[];
  /** "12 March 2026, 09:30", or null before the first sync. */
  lastSync: string | null;
  alertsEnabled: boolean;
  /** Why the last pairing or sync failed, or null. */
  problem: string | null;
  busy: boolean;
  today: Date;
  onSync: () => void;
  onSignOut: () => void;
  onAlertsChange: (enabled: boolean) => void;
}

function DealList({ deals, today, label }: { deals: SiteDeal[]; today: Date; label: string }) {
  return (
    <ul className="deals" aria-label={label}>
      {deals.map((deal) => (
        <li key={deal.id} className="deal">
          <span className="brand">{deal.brand}</span>
          <span className="title">{deal.title}</span>
          <span className="codes">
            {deal.codes.map(({ code }) => (
              <code key={code}>{code}</code>
            ))}
          </span>
          <span className="expiry">{expiryLabel(deal.expirationDate, today)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The toolbar popup: this site's codes first, a search over all codes, the last sync, and the connection. */
export function PopupView(props: PopupViewProps) {
  const { appUrl, paired, siteDeals, allDeals, lastSync, alertsEnabled, problem, busy, today } = props;
  const [query, setQuery] = useState("");
  const searchId = useId();
  const alertsId = useId();
  if (!paired) {
    return (
      <main className="popup">
        <h1>Deal Finder</h1>
        <p>Connect the extension to your Deal Finder account to see the codes from your inbox at the shops they belong to.</p>
        {problem ? <p role="alert" className="problem">{problem}</p> : null}
        <a className="primary" href={`${appUrl}/extension`} target="_blank" rel="noreferrer">
          Connect
        </a>
      </main>
    );
  }
  const found = searchDeals(allDeals, query);
  return (
    <main className="popup" aria-busy={busy}>
      <h1>Deal Finder</h1>
      <section aria-labelledby={`${searchId}-site`}>
        <h2 id={`${searchId}-site`}>On this site</h2>
        {siteDeals.length > 0 ? <DealList deals={siteDeals} today={today} label="Codes for this site" /> : <p className="quiet">No codes for this site.</p>}
      </section>
      <section aria-labelledby={`${searchId}-all`}>
        <h2 id={`${searchId}-all`}>All your codes</h2>
        <label htmlFor={searchId}>Search codes</label>
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Brand, deal or code" />
        {found.length > 0 ? <DealList deals={found} today={today} label="Search results" /> : <p className="quiet">No codes match.</p>}
      </section>
      {problem ? <p role="alert" className="problem">{problem}</p> : null}
      <p className="quiet">{lastSync ? `Inbox last synced ${lastSync}` : "Your inbox has not been synced yet."}</p>
      <div className="row">
        <input id={alertsId} type="checkbox" checked={alertsEnabled} onChange={(event) => props.onAlertsChange(event.target.checked)} />
        <label htmlFor={alertsId}>Tell me when new codes arrive (at most every 15 minutes)</label>
      </div>
      <div className="actions">
        <button type="button" onClick={props.onSync} disabled={busy}>
          {busy ? "Refreshing…" : "Refresh codes"}
        </button>
        <a href={`${appUrl}/dashboard`} target="_blank" rel="noreferrer">
          Open dashboard
        </a>
        <button type="button" onClick={props.onSignOut} disabled={busy}>
          Sign out
        </button>
      </div>
    </main>
  );
}
