import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { codeOffersOf, planRun, standingOf } from "../domain/cartConditions";
import { cartOf, codeInProgress, outcomesByCode, runResult, type applyMachine } from "../machines/applyMachine";
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
  const offers = codeOffersOf(deals);
  const cart = cartOf(snapshot);
  const plan = planRun(offers, cart);
  return (
    <PanelView
      deals={deals}
      today={today}
      shortcut={shortcut}
      working={codeInProgress(snapshot)}
      outcomes={outcomesByCode(snapshot)}
      keptCode={result?.best?.kind === "applied" ? result.best.code : null}
      summary={result ? summaryOf(result.best, result.noField, result.skipped) : null}
      standings={Object.fromEntries(offers.map((offer) => [offer.code, standingOf(offer, cart)]))}
      order={[...plan.tryOrder, ...plan.skipped.map((skip) => skip.code)]}
      onApply={(code) => apply.send({ type: "APPLY", code })}
      onTryAll={() => apply.send({ type: "TRY_ALL", offers })}
      onDismiss={onDismiss}
    />
  );
}
