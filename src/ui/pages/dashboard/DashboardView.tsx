import { useMemo } from "react";
import type { Dashboard } from "../../../domain/dashboard";
import { sortDeals, type Deal } from "../../../domain/deal";
import { filterDeals, type DealFilters } from "../../../domain/dealSearch";
import { columnsForWidth, dealImageWidth, isMobileWidth } from "../../../domain/dashboardLayout";
import { swipedCategory } from "../../../domain/swipe";
import { button, centered, heading1, muted, page, stack, visuallyHidden } from "../../components/primitives.css";
import { LoadingScreen } from "../../components/LoadingScreen";
import { CategoryChips, FeedbackBanner, HideConfirmation, StatCards, WelcomePanel } from "./DashboardSections";
import { DealGrid } from "./DealGrid";
import { useSwipe } from "./useSwipe";
import * as styles from "./Dashboard.css";

export type DashboardState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; dashboard: Dashboard };

export interface DashboardViewProps {
  state: DashboardState;
  greeting: string;
  isRefreshing: boolean;
  today: Date;
  feedbackFormUrl: string | null;
  /** The browser's width: columns, image size and the phone's gestures follow it. */
  viewportWidth: number;
  filters: DealFilters;
  copiedDealId: string | null;
  hiddenBrandIds: readonly string[];
  /** A brand waiting for the phone's confirmation before it is hidden. */
  brandToConfirm: string | null;
  gmailConnected: boolean;
  gmailBusy: boolean;
  onRefresh: () => void;
  onRetry: () => void;
  onSelectCategory: (category: string | null) => void;
  onSearch: (text: string) => void;
  onToggleExpiring: () => void;
  onCopy: (dealId: string, code: string) => void;
  onHideBrand: (deal: Deal) => void;
  onConfirmHide: () => void;
  onCancelHide: () => void;
  onConnectGmail: () => void;
  onStartSync: () => void;
}

export function DashboardView(props: DashboardViewProps) {
  const { state, feedbackFormUrl, onRetry } = props;
  if (state.kind === "loading") return <LoadingScreen label="Loading your deals..." />;
  if (state.kind === "error") {
    return (
      <div className={`${page} ${stack} ${centered}`}>
        <h1 className={heading1}>Error Loading Dashboard</h1>
        <p className={muted}>Failed to load dashboard data. Please try again.</p>
        <div>
          <button type="button" className={button.primary} onClick={onRetry}>
            Try Again
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      {feedbackFormUrl && <FeedbackBanner formUrl={feedbackFormUrl} />}
      <LoadedDashboard {...props} dashboard={state.dashboard} />
    </>
  );
}

function LoadedDashboard({ dashboard, ...props }: DashboardViewProps & { dashboard: Dashboard }) {
  const { filters, today, viewportWidth, onSelectCategory } = props;
  const mobile = isMobileWidth(viewportWidth);
  // Sorted once per answer; filtering the sorted list in the browser keeps each keystroke cheap.
  const sorted = useMemo(() => sortDeals(dashboard.deals, today), [dashboard.deals, today]);
  const deals = useMemo(() => filterDeals(sorted, filters, today), [sorted, filters, today]);
  const categoryLabels = dashboard.categories.map((category) => category.label);
  const swipe = useSwipe(mobile, (direction) => onSelectCategory(swipedCategory(categoryLabels, filters.category, direction)));
  const swipeTarget = swipe.indicator && (swipedCategory(categoryLabels, filters.category, swipe.indicator) ?? "All");

  return (
    <div className={page}>
      <div className={styles.top}>
        <h1 className={styles.greeting}>{props.greeting}</h1>
        <div className={styles.refreshRow}>
          <button type="button" className={button.secondary} onClick={props.onRefresh} disabled={props.isRefreshing}>
            Refresh
          </button>
          <span role="status" className={`${muted} ${styles.updating}`}>
            {props.isRefreshing ? "Updating..." : ""}
          </span>
        </div>
      </div>
      <StatCards stats={dashboard.stats} expiringOnly={filters.expiringOnly} onToggleExpiring={props.onToggleExpiring} />
      {dashboard.stats.activePromos.value === 0 ? (
        <WelcomePanel
          gmailConnected={props.gmailConnected}
          busy={props.gmailBusy}
          onConnectGmail={props.onConnectGmail}
          onStartSync={props.onStartSync}
        />
      ) : (
        <>
          <div className={styles.filters}>
            <div role="search">
              <label className={visuallyHidden} htmlFor="deal-search">
                Search deals
              </label>
              <input
                id="deal-search"
                className={styles.search}
                type="search"
                placeholder="Search promotions, brands, or codes..."
                value={filters.search}
                onChange={(event) => props.onSearch(event.target.value)}
              />
            </div>
            <CategoryChips
              categories={dashboard.categories}
              selected={filters.category}
              totalCount={dashboard.deals.length}
              mobile={mobile}
              onSelect={onSelectCategory}
            />
          </div>
          <section aria-label="Deals" className={styles.swipeArea} {...swipe.handlers}>
            <p className={visuallyHidden} role="status">
              {deals.length === 1 ? "1 deal" : `${deals.length} deals`}
            </p>
            {swipe.indicator && (
              <span className={`${styles.swipeIndicator} ${styles.swipeIndicatorSide[swipe.indicator]}`} aria-hidden="true">
                {swipe.indicator === "next" ? `${swipeTarget} ›` : `‹ ${swipeTarget}`}
              </span>
            )}
            {deals.length === 0 ? (
              <p className={styles.empty}>No deals match your filters.</p>
            ) : (
              <DealGrid
                deals={deals}
                columns={columnsForWidth(viewportWidth)}
                copiedDealId={props.copiedDealId}
                hiddenBrandIds={props.hiddenBrandIds}
                today={today}
                imageWidth={dealImageWidth(viewportWidth)}
                onCopy={props.onCopy}
                onHideBrand={props.onHideBrand}
              />
            )}
          </section>
        </>
      )}
      {props.brandToConfirm && (
        <HideConfirmation brand={props.brandToConfirm} onConfirm={props.onConfirmHide} onCancel={props.onCancelHide} />
      )}
    </div>
  );
}
