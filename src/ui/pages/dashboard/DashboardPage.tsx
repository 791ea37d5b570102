import { useCallback, useEffect, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { DashboardLogic } from "../../../application/services";
import { connectGmailFlowOf, syncProgressOf } from "../../../application/machines/dashboardMachine";
import { dashboardSyncOf, isStartingSync, type SyncFollowerActor } from "../../../application/machines/syncFollowerMachine";
import {
  isUpdating,
  chipCountsSelector,
  selectAnswerDay,
  selectBrandToConfirm,
  selectFilters,
  selectHiddenBrandIds,
  selectOpenDealId,
  selectSort,
  selectViewState,
  statFiguresSelector,
  visibleDealsSelector,
} from "../../../application/machines/dashboardSelectors";
import { selectCopyFeedback } from "../../../application/machines/codeCopyRegion";
import { isGoogleFlowBusy } from "../../../application/machines/googleFlowMachine";
import { Clock } from "../../../application/ports/platform";
import { dayStart } from "../../../domain/calendarDay";
import { dashboardGreeting } from "../../../domain/greeting";
import { isMobileWidth } from "./layout";
import type { Deal } from "../../../domain/deal";
import type { SortOrder } from "../../../domain/dealOrder";
import { useLoadedService, useService } from "../../di";
import { sameFields, useAppConfig, useCurrentUser } from "../../hooks";
import { DashboardView } from "./DashboardView";
import { useDismissal } from "./useDismissal";
import { useDealDetailTools } from "./DealDetailTools";
import { useOfflineCopySavedAt } from "../pocket/OfflineNotice";

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}

/** Tells the sync's follower when the tab is hidden or seen again: nobody looking, nothing asked. */
function usePageVisibility(syncProgress: SyncFollowerActor): void {
  useEffect(() => {
    const report = () => syncProgress.send({ type: document.hidden ? "PAGE_HIDDEN" : "PAGE_VISIBLE" });
    if (document.hidden) report();
    document.addEventListener("visibilitychange", report);
    return () => document.removeEventListener("visibilitychange", report);
  }, [syncProgress]);
}

/** /dashboard: runs the dashboard machine and hands its state to the plain view. */
export default function DashboardPage() {
  const logic = useLoadedService(DashboardLogic);
  const clock = useService(Clock);
  // The machine reads the filters, the order and the open deal from the address, and keeps them there.
  const actor = useActorRef(logic);
  const user = useCurrentUser();
  const config = useAppConfig();
  const feedbackBanner = useDismissal("feedbackBanner");
  const viewportWidth = useViewportWidth();
  // The person's day the answer was counted on (in their settings' time zone), not this browser's date: the badges,
  // order, chips and stats judge the deals on the same day as the server. Until an answer comes, nothing is shown.
  const answerDay = useSelector(actor, selectAnswerDay);
  const today = useMemo(() => (answerDay ? dayStart(answerDay) : clock.now()), [answerDay, clock]);

  const state = useSelector(actor, selectViewState, sameFields);
  const filters = useSelector(actor, selectFilters);
  const selectVisibleDeals = useMemo(() => visibleDealsSelector(), []);
  const visibleDeals = useSelector(actor, selectVisibleDeals);
  const selectChipCounts = useMemo(() => chipCountsSelector(), []);
  const chipCounts = useSelector(actor, selectChipCounts);
  const selectStatFigures = useMemo(() => statFiguresSelector(), []);
  const stats = useSelector(actor, selectStatFigures);
  const sort = useSelector(actor, selectSort);
  const copyFeedback = useSelector(actor, selectCopyFeedback, sameFields);
  const hiddenBrandIds = useSelector(actor, selectHiddenBrandIds);
  const brandToConfirm = useSelector(actor, selectBrandToConfirm);
  const isRefreshing = useSelector(actor, isUpdating);
  const connectingGmail = useSelector(connectGmailFlowOf(actor), isGoogleFlowBusy);
  const syncProgress = syncProgressOf(actor);
  const startingSync = useSelector(syncProgress, isStartingSync);
  const sync = useSelector(syncProgress, dashboardSyncOf, sameFields);
  usePageVisibility(syncProgress);
  const newDealsToday = state.kind === "ready" ? state.dashboard.newDealsToday : 0;
  const offlineCopySavedAt = useOfflineCopySavedAt();

  const openDealId = useSelector(actor, selectOpenDealId);
  const onOpenDeal = useCallback((dealId: string) => actor.send({ type: "OPEN_DEAL", dealId }), [actor]);
  const onCloseDeal = useCallback(() => actor.send({ type: "CLOSE_DEAL" }), [actor]);
  const dealDetail = useDealDetailTools({ dealId: openDealId, open: onOpenDeal, close: onCloseDeal });
  const onCopy = useCallback((dealId: string, code: string) => actor.send({ type: "COPY", dealId, code }), [actor]);
  const mobile = isMobileWidth(viewportWidth);
  const onHideBrand = useCallback(
    (deal: Deal) => actor.send({ type: "HIDE_BRAND", brand: { brandId: deal.brandId, brand: deal.brand }, confirmFirst: mobile }),
    [actor, mobile],
  );

  return (
    <DashboardView
      state={state}
      greeting={dashboardGreeting(newDealsToday, user ?? { first_name: null, email: "" })}
      isRefreshing={isRefreshing}
      today={today}
      feedbackFormUrl={feedbackBanner.dismissed ? null : (config?.feedbackFormUrl ?? null)}
      onDismissFeedback={feedbackBanner.dismiss}
      viewportWidth={viewportWidth}
      filters={filters}
      visibleDeals={visibleDeals}
      sort={sort}
      chipCounts={chipCounts}
      stats={stats}
      copyFeedback={copyFeedback}
      hiddenBrandIds={hiddenBrandIds}
      brandToConfirm={brandToConfirm}
      gmailConnected={user?.gmail_connected ?? false}
      gmailBusy={startingSync || connectingGmail}
      sync={sync}
      now={clock.now()}
      onRefresh={() => actor.send({ type: "REFRESH" })}
      onRetry={() => actor.send({ type: "RETRY" })}
      onSelectCategory={(category) => actor.send({ type: "SELECT_CATEGORY", category })}
      onSearch={(text) => actor.send({ type: "SEARCH", text })}
      onToggleExpiring={() => actor.send({ type: "TOGGLE_EXPIRING" })}
      dealDetail={dealDetail}
      onShowStatus={(show) => actor.send({ type: "SHOW_STATUS", show })}
      onSort={(order: SortOrder) => actor.send({ type: "SORT", order })}
      onCopy={onCopy}
      onHideBrand={onHideBrand}
      onConfirmHide={() => actor.send({ type: "CONFIRM_HIDE" })}
      onCancelHide={() => actor.send({ type: "CANCEL_HIDE" })}
      onConnectGmail={() => actor.send({ type: "CONNECT_GMAIL" })}
      onStartSync={() => actor.send({ type: "START_SYNC" })}
      offlineCopySavedAt={offlineCopySavedAt}
    />
  );
}
