import { useCallback, useMemo } from "react";
import type { CopyFeedback } from "../../../application/machines/codeCopyRegion";
import type { DashboardActions } from "../../../application/machines/dashboardActions";
import type { ChipCounts, DashboardState } from "../../../application/machines/dashboardSelectors";
import type { DashboardSync } from "../../../application/machines/syncFollowerMachine";
import type { Dashboard, DashboardStats } from "../../../domain/dashboard";
import type { Deal } from "../../../domain/deal";
import type { DealFilters } from "../../../domain/dealSearch";
import { MAX_ADDRESS_SEARCH } from "../../../domain/dashboardAddress";
import { SORT_LABELS, SORT_ORDERS, type SortOrder } from "../../../domain/dealOrder";
import { columnsForWidth, dealImageWidth, isMobileWidth } from "./layout";
import { swipedCategory } from "./swipe";
import { button, centered, heading1, muted, page, stack, visuallyHidden } from "../../components/primitives.css";
import { LoadingScreen } from "../../components/LoadingScreen";
import { CategoryChips } from "./CategoryChips";
import { DealDetailLayer, type DealDetailTools } from "./DealDetailLayer";
import { DealDetailStatusFilter } from "./DealDetailStatusFilter";
import { CodeCopyContext } from "./codeCopy";
import { DealGrid } from "./DealGrid";
import { FeedbackBanner } from "./FeedbackBanner";
import { HideConfirmation } from "./HideConfirmation";
import { StatCards } from "./StatCards";
import { SavedTotals } from "./SavedTotals";
import { SyncProgress } from "./SyncProgress";
import { WelcomePanel } from "./WelcomePanel";
import { useSwipe } from "./useSwipe";
import { OfflineNotice } from "../pocket/OfflineNotice";
import * as styles from "./Dashboard.css";
import { countOf } from "../../../domain/counting";

/** What the dashboard shows, from its machine's selectors (and the page's own facts: the width, the time, the user). */
export interface DashboardViewData {
  /** When the deals shown are the copy this device kept, because the server could not be reached (ISO 8601). */
  offlineCopySavedAt?: string | null;
  state: DashboardState;
  greeting: string;
  isRefreshing: boolean;
  today: Date;
  /** Null when none is configured or the person closed the banner for good. */
  feedbackFormUrl: string | null;
  /** The browser's width: columns, image size and the phone's gestures follow it. */
  viewportWidth: number;
  filters: DealFilters;
  /** The deals the filters let through, in the chosen order. */
  visibleDeals: readonly Deal[];
  sort: SortOrder;
  /** The category chips' counts under the filters set (all but the category). */
  chipCounts: ChipCounts;
  /** The stat cards' figures as the deals now stand (statFigures); the answer's own when absent. */
  stats?: DashboardStats | null;
  copyFeedback: CopyFeedback | null;
  hiddenBrandIds: readonly string[];
  /** A brand waiting for the phone's confirmation before it is hidden. */
  brandToConfirm: string | null;
  gmailConnected: boolean;
  gmailBusy: boolean;
  /** The Gmail sync as the dashboard follows it: its progress, or how the last one ended. */
  sync: DashboardSync;
  /** The time now, for when the next sync runs. */
  now: Date;
}

/** What the view can ask: the dashboard machine's actions, and closing the feedback banner. */
export interface DashboardViewActions extends Omit<DashboardActions, "showStatus" | "openDeal" | "closeDeal"> {
  dismissFeedback: () => void;
  /** Chooses the view: current, expired, used or not-working deals; no such choice when absent. */
  showStatus?: DashboardActions["showStatus"];
}

export interface DashboardViewProps {
  view: DashboardViewData;
  actions: DashboardViewActions;
  /** The cards' Details, Used it and Didn't work, with the detail dialog and the undo bar; none when absent. */
  dealDetail?: DealDetailTools | undefined;
}

export function DashboardView(props: DashboardViewProps) {
  const { view, actions } = props;
  const { state, feedbackFormUrl } = view;
  if (state.kind === "error") {
    return (
      <div className={`${page} ${stack} ${centered}`}>
        <h1 className={heading1}>Error Loading Dashboard</h1>
        <p className={muted}>Failed to load dashboard data. Please try again.</p>
        <div>
          <button type="button" className={button.primary} onClick={actions.retry}>
            Try Again
          </button>
        </div>
      </div>
    );
  }
  // The banner is there from the first paint, so nothing moves when the deals arrive below it.
  return (
    <>
      {feedbackFormUrl && <FeedbackBanner formUrl={feedbackFormUrl} onDismiss={actions.dismissFeedback} />}
      {state.kind === "loading" ? <LoadingScreen label="Loading your deals..." /> : <WithDealDetail {...props} dashboard={state.dashboard} />}
    </>
  );
}

/** The cards and the detail dialog both offer Copy, so the copy context wraps the detail layer. */
function WithDealDetail(props: DashboardViewProps & { dashboard: Dashboard }) {
  const { copyFeedback } = props.view;
  const { copy } = props.actions;
  const codeCopy = useMemo(() => ({ feedback: copyFeedback, copy }), [copyFeedback, copy]);
  return (
    <CodeCopyContext value={codeCopy}>
      {props.dealDetail ? (
        <DealDetailLayer tools={props.dealDetail} sheet={isMobileWidth(props.view.viewportWidth)}>
          <LoadedDashboard {...props} />
        </DealDetailLayer>
      ) : (
        <LoadedDashboard {...props} />
      )}
    </CodeCopyContext>
  );
}

function LoadedDashboard({ dashboard, view, actions }: DashboardViewProps & { dashboard: Dashboard }) {
  const { filters, today, viewportWidth, visibleDeals: deals } = view;
  const onSelectCategory = actions.selectCategory;
  const mobile = isMobileWidth(viewportWidth);
  const categoryLabels = dashboard.categories.map((category) => category.label);
  const swipe = useSwipe(mobile, (direction) => onSelectCategory(swipedCategory(categoryLabels, filters.category, direction)));
  const swipeTarget = swipe.indicator && (swipedCategory(categoryLabels, filters.category, swipe.indicator) ?? "All");
  const { hideBrand: hide } = actions;
  // A phone asks before hiding a brand.
  const hideBrand = useCallback((deal: Deal) => hide({ brandId: deal.brandId, brand: deal.brand }, mobile), [hide, mobile]);

  return (
    <div className={page}>
      <div className={styles.top}>
        <h1 className={styles.greeting}>{view.greeting}</h1>
        <div className={styles.refreshRow}>
          {/* With no deal at all, the welcome panel's sync is the one action: a refresh beside it would only repeat it. */}
          {dashboard.totalDeals > 0 && (
            <button type="button" className={button.secondary} onClick={actions.refresh} disabled={view.isRefreshing}>
              Refresh
            </button>
          )}
          <span role="status" className={`${muted} ${styles.updating}`}>
            {view.isRefreshing ? "Updating..." : ""}
          </span>
        </div>
      </div>
      <OfflineNotice savedAt={view.offlineCopySavedAt} />
      <SyncProgress sync={view.sync} />
      <StatCards stats={view.stats ?? dashboard.stats} expiringOnly={filters.expiringOnly} onToggleExpiring={actions.toggleExpiring} />
      <SavedTotals saved={dashboard.saved} />
      {/* The welcome panel when there is no deal at all (Active Promos is 0 then too); a person whose deals have all
          expired or been used still reaches them through the views. */}
      {dashboard.totalDeals === 0 ? (
        <WelcomePanel
          gmailConnected={view.gmailConnected}
          sync={view.sync}
          now={view.now}
          busy={view.gmailBusy}
          onConnectGmail={actions.connectGmail}
          onStartSync={actions.startSync}
        />
      ) : (
        <>
          <div className={styles.filters}>
            <div className={styles.searchRow}>
              <div role="search" className={styles.searchBox}>
                <label className={visuallyHidden} htmlFor="deal-search">
                  Search deals
                </label>
                <input
                  id="deal-search"
                  className={styles.search}
                  type="search"
                  placeholder="Search promotions, brands, or codes..."
                  // As long as the address keeps, so a reload shows the search typed.
                  maxLength={MAX_ADDRESS_SEARCH}
                  value={filters.search}
                  onChange={(event) => actions.search(event.target.value)}
                />
              </div>
              <div className={styles.sortField}>
                <label htmlFor="deal-sort" className={styles.sortLabel}>
                  Sort by
                </label>
                <select
                  id="deal-sort"
                  className={styles.sortSelect}
                  value={view.sort}
                  onChange={(event) => actions.sort(event.target.value as SortOrder)}
                >
                  {SORT_ORDERS.map((order) => (
                    <option key={order} value={order}>
                      {SORT_LABELS[order]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <CategoryChips
              categories={view.chipCounts.categories}
              selected={filters.category}
              totalCount={view.chipCounts.total}
              mobile={mobile}
              onSelect={onSelectCategory}
            />
            {actions.showStatus && <DealDetailStatusFilter show={filters.show ?? "current"} onShow={actions.showStatus} />}
          </div>
          <section aria-labelledby="deals-title" className={styles.swipeArea} {...swipe.handlers}>
            <h2 id="deals-title" className={visuallyHidden}>
              Deals
            </h2>
            <p className={visuallyHidden} role="status">
              {countOf(deals.length, "deal")}
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
                hiddenBrandIds={view.hiddenBrandIds}
                today={today}
                imageWidth={dealImageWidth(viewportWidth)}
                onHideBrand={hideBrand}
                labelledBy="deals-title"
              />
            )}
          </section>
        </>
      )}
      {view.brandToConfirm && (
        <HideConfirmation brand={view.brandToConfirm} onConfirm={actions.confirmHide} onCancel={actions.cancelHide} />
      )}
    </div>
  );
}
