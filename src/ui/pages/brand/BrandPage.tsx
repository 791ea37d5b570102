import { useCallback, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useParams } from "wouter";
import { selectBrandPage } from "../../../application/machines/brandPageMachine";
import { selectCopyFeedback } from "../../../application/machines/codeCopyRegion";
import { Clock } from "../../../application/ports/platform";
import { dayStart } from "../../../domain/calendarDay";
import { BrandPageLogic } from "../../../application/services";
import { useLoadedService, useService } from "../../di";
import { sameFields } from "../../hooks";
import { BrandPageView } from "./BrandPageView";
import { SenderCard } from "./SenderCard";

/** /brands/:id: runs the brand page machine for this visit and hands its state to the plain view. */
export default function BrandPage() {
  const { id = "" } = useParams<{ id: string }>();
  const clock = useService(Clock);
  const actor = useActorRef(useLoadedService(BrandPageLogic), { input: { brandId: id } });
  const state = useSelector(actor, selectBrandPage, sameFields);
  // The person's day the server judged the deals on (their settings' time zone), not this browser's date.
  const pageDay = state.kind === "ready" ? state.page.today : null;
  const today = useMemo(() => (pageDay ? dayStart(pageDay) : clock.now()), [pageDay, clock]);
  const copyFeedback = useSelector(actor, selectCopyFeedback, sameFields);
  const onCopy = useCallback((dealId: string, code: string) => actor.send({ type: "COPY", dealId, code }), [actor]);
  return (
    <BrandPageView
      state={state}
      today={today}
      copyFeedback={copyFeedback}
      onCopy={onCopy}
      onRetry={() => actor.send({ type: "RETRY" })}
      onToggleBrand={(isActive) => actor.send({ type: "TOGGLE_BRAND", isActive })}
      sender={<SenderCard key={id} brandId={id} />}
    />
  );
}
