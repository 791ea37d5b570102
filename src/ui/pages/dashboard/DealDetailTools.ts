import { useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { selectDealDetail } from "../../../application/machines/dealDetailMachine";
import { selectUndoableChange } from "../../../application/machines/dealStatusMachine";
import { DealDetailLogic, DealStatusLogic } from "../../../application/services";
import { useLoadedService } from "../../di";
import { sameFields } from "../../hooks";
import type { DealDetailTools } from "./DealDetailLayer";

/** Runs a page's deal detail and deal status machines, as what its DealDetailLayer needs. */
export function useDealDetailTools(): DealDetailTools {
  const detailActor = useActorRef(useLoadedService(DealDetailLogic));
  const statusActor = useActorRef(useLoadedService(DealStatusLogic));
  const detail = useSelector(detailActor, selectDealDetail, sameFields);
  const undoableChange = useSelector(statusActor, selectUndoableChange);
  return useMemo(
    () => ({
      actions: {
        openDetail: (dealId) => detailActor.send({ type: "OPEN", dealId }),
        setStatus: (deal, status) =>
          statusActor.send({ type: "SET_STATUS", change: { dealId: deal.id, title: deal.title, from: deal.status, to: status } }),
      },
      detail,
      undoableChange,
      onCloseDetail: () => detailActor.send({ type: "CLOSE" }),
      onRetryDetail: () => detailActor.send({ type: "RETRY" }),
      onUndo: () => statusActor.send({ type: "UNDO" }),
      onDismissUndo: () => statusActor.send({ type: "DISMISS_UNDO" }),
    }),
    [detailActor, statusActor, detail, undoableChange],
  );
}
