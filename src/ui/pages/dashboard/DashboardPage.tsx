import { useEffect, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { DashboardLogic } from "../../../application/services";
import { dashboardActions } from "../../../application/machines/dashboardActions";
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
  const actions = useMemo(() => dashboardActions(actor), [actor]);
  const dealDetail = useDealDetailTools({ dealId: openDealId, open: actions.openDeal, close: actions.closeDeal });
  const dismissFeedback = feedbackBanner.dismiss;
  const viewActions = useMemo(() => ({ ...actions, dismissFeedback }), [actions, dismissFeedback]);

  return (
    <DashboardView
      view={{
        state,
        greeting: dashboardGreeting(newDealsToday, user ?? { first_name: null, email: "" }),
        isRefreshing,
        today,
        feedbackFormUrl: feedbackBanner.dismissed ? null : (config?.feedbackFormUrl ?? null),
        viewportWidth,
        filters,
        visibleDeals,
        sort,
        chipCounts,
        stats,
        copyFeedback,
        hiddenBrandIds,
        brandToConfirm,
        gmailConnected: user?.gmail_connected ?? false,
        gmailBusy: startingSync || connectingGmail,
        sync,
        now: clock.now(),
        offlineCopySavedAt,
      }}
      actions={viewActions}
      dealDetail={dealDetail}
    />
  );
}
