import { useCallback, useEffect, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { DashboardLogic } from "../../../application/services";
import { connectGmailFlowOf } from "../../../application/machines/dashboardMachine";
import {
  isStartingSync,
  isUpdating,
  selectBrandToConfirm,
  selectCopyFeedback,
  selectFilters,
  selectHiddenBrandIds,
  selectViewState,
  visibleDealsSelector,
} from "../../../application/machines/dashboardSelectors";
import { isGoogleFlowBusy } from "../../../application/machines/googleFlowMachine";
import { Clock } from "../../../application/ports/platform";
import { dashboardGreeting } from "../../../domain/greeting";
import { isMobileWidth } from "../../../domain/dashboardLayout";
import type { Deal } from "../../../domain/deal";
import { useService } from "../../di";
import { sameFields, useAppConfig, useCurrentUser } from "../../hooks";
import { DashboardView } from "./DashboardView";

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}

/** /dashboard: runs the dashboard machine and hands its state to the plain view. */
export default function DashboardPage() {
  const logic = useService(DashboardLogic);
  const clock = useService(Clock);
  const fromDomain = new URLSearchParams(useSearch()).get("from_domain");
  const actor = useActorRef(logic, { input: { fromDomain } });
  const user = useCurrentUser();
  const config = useAppConfig();
  const viewportWidth = useViewportWidth();
  // One date per visit: the expiry badges and sort must not shift between keystrokes.
  const today = useMemo(() => clock.now(), [clock]);

  const state = useSelector(actor, selectViewState, sameFields);
  const filters = useSelector(actor, selectFilters);
  const selectVisibleDeals = useMemo(() => visibleDealsSelector(today), [today]);
  const visibleDeals = useSelector(actor, selectVisibleDeals);
  const copyFeedback = useSelector(actor, selectCopyFeedback, sameFields);
  const hiddenBrandIds = useSelector(actor, selectHiddenBrandIds);
  const brandToConfirm = useSelector(actor, selectBrandToConfirm);
  const isRefreshing = useSelector(actor, isUpdating);
  const startingSync = useSelector(actor, isStartingSync);
  const connectingGmail = useSelector(connectGmailFlowOf(actor), isGoogleFlowBusy);
  const newDealsToday = state.kind === "ready" ? state.dashboard.newDealsToday : 0;

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
      feedbackFormUrl={config?.feedbackFormUrl ?? null}
      viewportWidth={viewportWidth}
      filters={filters}
      visibleDeals={visibleDeals}
      copyFeedback={copyFeedback}
      hiddenBrandIds={hiddenBrandIds}
      brandToConfirm={brandToConfirm}
      gmailConnected={user?.gmail_connected ?? false}
      gmailBusy={startingSync || connectingGmail}
      onRefresh={() => actor.send({ type: "REFRESH" })}
      onRetry={() => actor.send({ type: "RETRY" })}
      onSelectCategory={(category) => actor.send({ type: "SELECT_CATEGORY", category })}
      onSearch={(text) => actor.send({ type: "SEARCH", text })}
      onToggleExpiring={() => actor.send({ type: "TOGGLE_EXPIRING" })}
      onCopy={onCopy}
      onHideBrand={onHideBrand}
      onConfirmHide={() => actor.send({ type: "CONFIRM_HIDE" })}
      onCancelHide={() => actor.send({ type: "CANCEL_HIDE" })}
      onConnectGmail={() => actor.send({ type: "CONNECT_GMAIL" })}
      onStartSync={() => actor.send({ type: "START_SYNC" })}
    />
  );
}
