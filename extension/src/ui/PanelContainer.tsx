import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { codeInProgress, outcomesByCode, runResult, type applyMachine } from "../machines/applyMachine";
import type { SiteDeal } from "../domain/siteMatch";
import { PanelView, summaryOf } from "./PanelView";

interface PanelContainerProps {
  deals: SiteDeal[];
  today: Date;
  apply: ActorRefFrom<typeof applyMachine>;
  shortcut: string;
  onDismiss: () => void;
}

/** Shows the apply machine's state in the panel and sends it the person's choices. */
export function PanelContainer({ deals, today, apply, shortcut, onDismiss }: PanelContainerProps) {
  const snapshot = useSelector(apply, (state) => state);
  const result = runResult(snapshot);
  const allCodes = deals.flatMap((deal) => deal.codes.map((code) => code.code));
  return (
    <PanelView
      deals={deals}
      today={today}
      shortcut={shortcut}
      working={codeInProgress(snapshot)}
      outcomes={outcomesByCode(snapshot)}
      keptCode={result?.best?.kind === "applied" ? result.best.code : null}
      summary={result ? summaryOf(result.best, result.noField) : null}
      onApply={(code) => apply.send({ type: "APPLY", code })}
      onTryAll={() => apply.send({ type: "TRY_ALL", codes: allCodes })}
      onDismiss={onDismiss}
    />
  );
}
