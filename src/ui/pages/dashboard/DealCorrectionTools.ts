import { useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { selectCorrectionChanges, selectDealCorrection, type ProvidedDealCorrectionMachine } from "../../../application/machines/dealCorrectionMachine";
import { sameFields } from "../../hooks";
import type { DealCorrectionPanel } from "./DealCorrection";

/**
 * Runs the correction machine for the deal open in Details: loads its corrections when a deal opens, and asks for the
 * deal again (`reload`) after each change saved, so the Details show the corrected fields.
 */
export function useDealCorrectionPanel(logic: ProvidedDealCorrectionMachine, openDealId: string | null, reload: (dealId: string) => void): DealCorrectionPanel {
  const actor = useActorRef(logic);
  const view = useSelector(actor, selectDealCorrection, sameFields);
  const changes = useSelector(actor, selectCorrectionChanges);
  useEffect(() => {
    actor.send(openDealId === null ? { type: "CLEAR" } : { type: "LOAD", dealId: openDealId });
  }, [actor, openDealId]);
  useEffect(() => {
    if (changes > 0 && openDealId !== null) reload(openDealId);
    // Only a new change asks again, not a new deal opened (which loads itself).
  }, [changes]);
  return useMemo(
    () => ({
      view,
      open: () => actor.send({ type: "OPEN" }),
      edit: (field, value) => actor.send({ type: "EDIT", field, value }),
      submit: () => actor.send({ type: "SUBMIT" }),
      notADeal: () => actor.send({ type: "NOT_A_DEAL" }),
      cancel: () => actor.send({ type: "CANCEL" }),
      undo: () => actor.send({ type: "UNDO" }),
      retry: () => actor.send({ type: "RETRY" }),
    }),
    [actor, view],
  );
}
