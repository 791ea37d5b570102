import type { DealShowFilter } from "../../domain/dealDetail";
import type { SortOrder } from "../../domain/dealOrder";
import type { BrandToHide, DashboardActor } from "./dashboardMachine";

/** What the dashboard's view can ask of its machine, as plain functions: the views send nothing themselves. */
export interface DashboardActions {
  refresh: () => void;
  retry: () => void;
  selectCategory: (category: string | null) => void;
  search: (text: string) => void;
  toggleExpiring: () => void;
  sort: (order: SortOrder) => void;
  showStatus: (show: DealShowFilter) => void;
  copy: (dealId: string, code: string) => void;
  /** A phone asks first ("Hide all deals from {brand}?"). */
  hideBrand: (brand: BrandToHide, confirmFirst: boolean) => void;
  confirmHide: () => void;
  cancelHide: () => void;
  connectGmail: () => void;
  startSync: () => void;
  openDeal: (dealId: string) => void;
  closeDeal: () => void;
}

/** The dashboard machine's actions for one actor; made once per actor, so they keep their identity across renders. */
export function dashboardActions(actor: DashboardActor): DashboardActions {
  return {
    refresh: () => actor.send({ type: "REFRESH" }),
    retry: () => actor.send({ type: "RETRY" }),
    selectCategory: (category) => actor.send({ type: "SELECT_CATEGORY", category }),
    search: (text) => actor.send({ type: "SEARCH", text }),
    toggleExpiring: () => actor.send({ type: "TOGGLE_EXPIRING" }),
    sort: (order) => actor.send({ type: "SORT", order }),
    showStatus: (show) => actor.send({ type: "SHOW_STATUS", show }),
    copy: (dealId, code) => actor.send({ type: "COPY", dealId, code }),
    hideBrand: (brand, confirmFirst) => actor.send({ type: "HIDE_BRAND", brand, confirmFirst }),
    confirmHide: () => actor.send({ type: "CONFIRM_HIDE" }),
    cancelHide: () => actor.send({ type: "CANCEL_HIDE" }),
    connectGmail: () => actor.send({ type: "CONNECT_GMAIL" }),
    startSync: () => actor.send({ type: "START_SYNC" }),
    openDeal: (dealId) => actor.send({ type: "OPEN_DEAL", dealId }),
    closeDeal: () => actor.send({ type: "CLOSE_DEAL" }),
  };
}
