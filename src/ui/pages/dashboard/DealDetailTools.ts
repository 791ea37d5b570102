import { use, useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { selectDealDetail } from "../../../application/machines/dealDetailMachine";
import { selectShownReminders } from "../../../application/machines/dealReminderMachine";
import { selectSavingPrompt, selectShownStatuses, selectUndoableChange } from "../../../application/machines/dealStatusMachine";
import { suggestedSaving } from "../../../domain/dealPrice";
import { DealCorrectionLogic, DealDetailLogic, DealReminderLogic, DealStatusLogic } from "../../../application/services";
import { useServicePromise } from "../../di";
import { sameFields } from "../../hooks";
import type { DealDetailTools } from "./DealDetailLayer";
import { useDealCorrectionPanel } from "./DealCorrectionTools";
import type { Deal } from "../../../domain/deal";

/** The open deal when a page keeps it in its address: opening and closing Details go through the page's machine. */
export interface DealInAddress {
  dealId: string | null;
  open: (dealId: string) => void;
  close: () => void;
}

/** Runs a page's deal detail, deal status, reminder and correction machines, as what its DealDetailLayer needs. */
export function useDealDetailTools(inAddress?: DealInAddress): DealDetailTools {
  // All four asked for before waiting on any, so their code loads side by side.
  const logics = [
    useServicePromise(DealDetailLogic),
    useServicePromise(DealStatusLogic),
    useServicePromise(DealReminderLogic),
    useServicePromise(DealCorrectionLogic),
  ] as const;
  const detailActor = useActorRef(use(logics[0]));
  const statusActor = useActorRef(use(logics[1]));
  const reminderActor = useActorRef(use(logics[2]));
  // Both keep what this visit's changes show, which wins over what the deal was loaded with.
  const shownReminders = useSelector(reminderActor, selectShownReminders);
  const shownStatuses = useSelector(statusActor, selectShownStatuses);
  const detail = useSelector(detailActor, selectDealDetail, sameFields);
  const undoableChange = useSelector(statusActor, selectUndoableChange);
  const savingPrompt = useSelector(statusActor, selectSavingPrompt);
  const correction = useDealCorrectionPanel(use(logics[3]), detail.kind === "closed" ? null : detail.dealId, (dealId) => detailActor.send({ type: "OPEN", dealId }));
  // The address says which deal's Details are open (Back, a link); the detail machine shows that one.
  const dealInAddress = inAddress?.dealId;
  useEffect(() => {
    if (dealInAddress === undefined || dealInAddress === detailActor.getSnapshot().context.dealId) return;
    detailActor.send(dealInAddress === null ? { type: "CLOSE" } : { type: "OPEN", dealId: dealInAddress });
  }, [detailActor, dealInAddress]);
  const open = inAddress?.open;
  const close = inAddress?.close;
  return useMemo(() => {
    const statusOf = (deal: Pick<Deal, "id" | "status">) => (deal.id in shownStatuses ? (shownStatuses[deal.id] ?? null) : deal.status);
    return {
      actions: {
        openDetail: open ?? ((dealId) => detailActor.send({ type: "OPEN", dealId })),
        setStatus: (deal, status) =>
          statusActor.send({
            type: "SET_STATUS",
            change: {
              dealId: deal.id,
              title: deal.title,
              from: statusOf(deal),
              to: status,
              // What "Used it" then asks about: the figure the mail gives.
              ...(status === "used" ? { suggestion: suggestedSaving(deal) } : {}),
            },
          }),
        statusOf,
        reminderOf: (deal) => shownReminders[deal.id] ?? deal.remind,
        setReminder: (deal, remind) =>
          reminderActor.send({ type: "SET_REMINDER", change: { dealId: deal.id, from: shownReminders[deal.id] ?? deal.remind, to: remind } }),
      },
      detail,
      correction,
      undoableChange,
      onCloseDetail: close ?? (() => detailActor.send({ type: "CLOSE" })),
      onRetryDetail: () => detailActor.send({ type: "RETRY" }),
      onUndo: () => statusActor.send({ type: "UNDO" }),
      onDismissUndo: () => statusActor.send({ type: "DISMISS_UNDO" }),
      saving: {
        prompt: savingPrompt,
        onRecord: (saving) => statusActor.send({ type: "RECORD_SAVING", saving }),
        onSkip: () => statusActor.send({ type: "SKIP_SAVING" }),
      },
    };
  }, [detailActor, statusActor, reminderActor, shownReminders, shownStatuses, detail, correction, undoableChange, savingPrompt, open, close],
  );
}
