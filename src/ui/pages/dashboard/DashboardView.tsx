import { Link } from "wouter";
import type { Dashboard, StatFigure } from "../../../domain/dashboard";
import { sortDeals } from "../../../domain/deal";
import { button, card, centered, heading1, heading2, muted, page, stack } from "../../components/primitives.css";
import { LoadingScreen } from "../../components/LoadingScreen";
import { DealCard } from "./DealCard";
import * as styles from "./Dashboard.css";

export type DashboardState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; dashboard: Dashboard };

export interface DashboardViewProps {
  state: DashboardState;
  greeting: string;
  isRefreshing: boolean;
  today: Date;
  feedbackFormUrl: string | null;
  onRefresh: () => void;
  onCopy: (code: string) => void;
}

function StatCard({ label, figure }: { label: string; figure: StatFigure }) {
  return (
    <li className={card}>
      <span className={styles.statValue}>{figure.value}</span>
      <span className={styles.statLabel}>{label}</span>
      {figure.delta !== null && (
        <span className={styles.statLabel}>
          {" "}
          · {figure.delta >= 0 ? "+" : ""}
          {figure.delta}% vs last month
        </span>
      )}
    </li>
  );
}

export function DashboardView({ state, greeting, isRefreshing, today, feedbackFormUrl, onRefresh, onCopy }: DashboardViewProps) {
  if (state.kind === "loading") return <LoadingScreen label="Loading your deals..." />;
  if (state.kind === "error") {
    return (
      <div className={`${page} ${stack} ${centered}`}>
        <h1 className={heading1}>Error Loading Dashboard</h1>
        <p className={muted}>Failed to load dashboard data. Please try again.</p>
        <div>
          <button type="button" className={button.primary} onClick={onRefresh}>
            Try Again
          </button>
        </div>
      </div>
    );
  }
  const { dashboard } = state;
  const deals = sortDeals(dashboard.deals, today);
  return (
    <>
      {feedbackFormUrl && (
        <aside className={styles.banner} aria-label="Feedback">
          Tell us what you think and get a chance to win a $100 gift card.{" "}
          <a href={feedbackFormUrl} target="_blank" rel="noreferrer">
            Share feedback
          </a>
        </aside>
      )}
      <div className={page}>
        <div className={styles.top}>
          <h1 className={heading1}>{greeting}</h1>
          <div>
            <button type="button" className={button.secondary} onClick={onRefresh} disabled={isRefreshing}>
              Refresh
            </button>
            {isRefreshing && (
              <span role="status" className={muted}>
                {" "}
                Updating...
              </span>
            )}
          </div>
        </div>
        <ul className={styles.stats} aria-label="Your numbers">
          <StatCard label="Active Promos" figure={dashboard.stats.activePromos} />
          <StatCard label="Emails Scanned" figure={dashboard.stats.emailsScanned} />
          <StatCard label="Unique Brands" figure={dashboard.stats.uniqueBrands} />
          <StatCard label="Expiring Soon" figure={dashboard.stats.expiring} />
        </ul>
        {dashboard.stats.activePromos.value === 0 && deals.length === 0 ? (
          <section className={`${card} ${stack}`} aria-labelledby="welcome-title">
            <h2 id="welcome-title" className={heading2}>
              Welcome to Deal Finder!
            </h2>
            <p>
              Connect your Gmail and run a sync: we will read your Promotions folder, read-only, and your deals and
              promo codes will appear here.
            </p>
            <div>
              <Link href="/settings" className={button.primary}>
                Connect and sync Gmail
              </Link>
            </div>
          </section>
        ) : (
          <section aria-label="Deals">
            <ul className={styles.deals}>
              {deals.map((deal) => (
                <li key={deal.id} className={styles.dealItem}>
                  <DealCard deal={deal} today={today} onCopy={onCopy} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
