import { useCallback, useEffect, useMemo, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { DashboardLogic } from "../../../application/services";
import { isStartingGmail, isUpdating, type DashboardSnapshot } from "../../../application/machines/dashboardMachine";
import { Clock } from "../../../application/ports/platform";
import { dashboardGreeting } from "../../../domain/greeting";
import { isMobileWidth } from "../../../domain/dashboardLayout";
import type { Deal } from "../../../domain/deal";
import { useService } from "../../di";
import { sameFields, useAppConfig, useCurrentUser } from "../../hooks";
import { DashboardView, type DashboardState } from "./DashboardView";

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}

const viewStateOf = (snapshot: DashboardSnapshot): DashboardState => {
  if (snapshot.context.dashboard && snapshot.matches("ready")) return { kind: "ready", dashboard: snapshot.context.dashboard };
  return snapshot.matches("failed") ? { kind: "error" } : { kind: "loading" };
};

/** /dashboard: runs the dashboard machine and hands its state to the plain view. */
export default function DashboardPage() {
  const { logic } = useService(DashboardLogic);
  const clock = useService(Clock);
  const fromDomain = new URLSearchParams(useSearch()).get("from_domain");
  const actor = useActorRef(logic, { input: { fromDomain } });
  const user = useCurrentUser();
  const config = useAppConfig();
  const viewportWidth = useViewportWidth();
  // One date per visit: the expiry badges and sort must not shift between keystrokes.
  const today = useMemo(() => clock.now(), [clock]);

  const state = useSelector(actor, viewStateOf, sameFields);
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  const copiedDealId = useSelector(actor, (snapshot) => snapshot.context.copied?.dealId ?? null);
  const hiddenBrandIds = useSelector(actor, (snapshot) => snapshot.context.hiddenBrandIds);
  const brandToConfirm = useSelector(actor, (snapshot) =>
    snapshot.matches({ ready: { hide: "confirming" } }) ? (snapshot.context.pendingHide?.brand ?? null) : null,
  );
  const isRefreshing = useSelector(actor, isUpdating);
  const gmailBusy = useSelector(actor, isStartingGmail);
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
      copiedDealId={copiedDealId}
      hiddenBrandIds={hiddenBrandIds}
      brandToConfirm={brandToConfirm}
      gmailConnected={user?.gmail_connected ?? false}
      gmailBusy={gmailBusy}
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
