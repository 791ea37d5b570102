import { useEffect, useRef, useState } from "react";
import type { CategoryCount, DashboardStats, StatFigure } from "../../../domain/dashboard";
import { sameCategory } from "../../../domain/category";
import { visibleCategories } from "../../../domain/dashboardLayout";
import { button, heading2, muted } from "../../components/primitives.css";
import * as styles from "./Dashboard.css";

/** The sticky feedback banner; closing it lasts for this visit. */
export function FeedbackBanner({ formUrl }: { formUrl: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className={styles.banner} aria-label="Feedback">
      <span className={styles.bannerText}>
        Help us improve Deal Finder and get a chance to win a $100 gift card!{" "}
        <a className={styles.bannerLink} href={formUrl} target="_blank" rel="noreferrer">
          Share your feedback
        </a>
      </span>
      <button type="button" className={styles.dismiss} aria-label="Dismiss feedback banner" onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}

function Delta({ delta }: { delta: number | null }) {
  if (delta === null) return <span>No data last month</span>;
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  return (
    <span>
      <span className={delta > 0 ? styles.deltaUp : delta < 0 ? styles.deltaDown : undefined}>
        {sign}
        {Math.abs(delta)}%
      </span>{" "}
      vs last month
    </span>
  );
}

function StatBody({ label, figure }: { label: string; figure: StatFigure }) {
  return (
    <>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{figure.value}</span>
      <span className={styles.statFoot}>
        <Delta delta={figure.delta} />
      </span>
    </>
  );
}

/** Active Promos, Emails Scanned, Unique Brands, and Expiring Soon, which toggles its filter. */
export function StatCards({ stats, expiringOnly, onToggleExpiring }: { stats: DashboardStats; expiringOnly: boolean; onToggleExpiring: () => void }) {
  return (
    <ul className={styles.stats} aria-label="Your numbers">
      <li className={styles.stat.plain}>
        <StatBody label="Active Promos" figure={stats.activePromos} />
      </li>
      <li className={styles.stat.plain}>
        <StatBody label="Emails Scanned" figure={stats.emailsScanned} />
      </li>
      <li className={styles.stat.plain}>
        <StatBody label="Unique Brands" figure={stats.uniqueBrands} />
      </li>
      <li>
        <button
          type="button"
          className={expiringOnly ? styles.stat.active : styles.stat.toggle}
          aria-pressed={expiringOnly}
          onClick={onToggleExpiring}
        >
          <StatBody label="Expiring Soon" figure={stats.expiring} />
          <span className={styles.statFoot}>{expiringOnly ? "Filter Active" : "filter off"}</span>
        </button>
      </li>
    </ul>
  );
}

export interface CategoryChipsProps {
  categories: readonly CategoryCount[];
  selected: string | null;
  totalCount: number;
  mobile: boolean;
  onSelect: (category: string | null) => void;
}

/** 'All' and one chip per category with its count; on desktop the rest behind '+N more' / 'Show less'. */
export function CategoryChips({ categories, selected, totalCount, mobile, onSelect }: CategoryChipsProps) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleCategories(categories, expanded, mobile);
  const isSelected = (label: string | null) => sameCategory(label, selected);
  const chip = (label: string | null, count: number) => (
    <li key={label ?? "all"} className={styles.chipItem}>
      <button
        type="button"
        className={isSelected(label) ? styles.chip.on : styles.chip.off}
        aria-pressed={isSelected(label)}
        onClick={() => onSelect(label)}
      >
        {label ?? "All"} <span className={styles.chipCount}>{count}</span>
      </button>
    </li>
  );
  return (
    <ul className={styles.chips} aria-label="Categories">
      {chip(null, totalCount)}
      {shown.map((category) => chip(category.label, category.count))}
      {!mobile && (hidden > 0 || expanded) && (
        <li className={styles.chipItem}>
          <button type="button" className={styles.chip.more} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? "Show less" : `+${hidden} more`}
          </button>
        </li>
      )}
    </ul>
  );
}

export interface WelcomePanelProps {
  gmailConnected: boolean;
  busy: boolean;
  onConnectGmail: () => void;
  onStartSync: () => void;
}

/** Shown instead of deals while there are no active promos: connect Gmail, or sync it when it is connected. */
export function WelcomePanel({ gmailConnected, busy, onConnectGmail, onStartSync }: WelcomePanelProps) {
  return (
    <section className={`${styles.dealCard} ${styles.dealBody}`} aria-labelledby="welcome-title">
      <div className={styles.welcome}>
        <h2 id="welcome-title" className={heading2}>
          Welcome to Deal Finder!
        </h2>
        <p>
          {gmailConnected
            ? "Your Gmail is connected. Run a sync and the deals and promo codes in your Promotions folder will appear here."
            : "Connect your Gmail and we will read your Promotions folder, read-only, and show its deals and promo codes here."}
        </p>
        {gmailConnected ? (
          <button type="button" className={button.primary} onClick={onStartSync} disabled={busy}>
            {busy ? "Starting sync..." : "Sync Gmail now"}
          </button>
        ) : (
          <button type="button" className={button.primary} onClick={onConnectGmail} disabled={busy}>
            {busy ? "Opening Google..." : "Connect Gmail"}
          </button>
        )}
        <p className={muted}>Only promotional emails are read, read-only, and never sold.</p>
      </div>
    </section>
  );
}

/** The phone's confirmation before hiding every deal of a brand. */
export function HideConfirmation({ brand, onConfirm, onCancel }: { brand: string; onConfirm: () => void; onCancel: () => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Keyboard users land back on the control that opened the confirmation once it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="hide-title"
      aria-describedby="hide-description"
      onKeyDown={(event) => event.key === "Escape" && onCancel()}
    >
      <strong id="hide-title">Hide all deals from {brand}?</strong>
      <span id="hide-description" className={muted}>
        You can show them again in Settings.
      </span>
      <div className={styles.confirmActions}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button ref={confirmRef} type="button" className={button.primary} onClick={onConfirm}>
          Hide brand
        </button>
      </div>
    </div>
  );
}
