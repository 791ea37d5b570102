import { useActorRef, useSelector } from "@xstate/react";
import { sendersViewOf, type SendersView } from "../../../application/machines/sendersMachine";
import { SendersLogic } from "../../../application/services";
import { card, heading2, muted, stack } from "../../components/primitives.css";
import { useLoadedService } from "../../di";
import { sameFields } from "../../hooks";
import { PanelLoading, PanelRetry } from "../settings/PanelStatus";
import { savedText, UnsubscribeAction, UnsubscribeDialog } from "../settings/SenderUnsubscribe";
import * as senderStyles from "../settings/YourSenders.css";

export interface SenderCardViewProps {
  view: SendersView;
  onRetry: () => void;
  onUnsubscribe: (senderId: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A brand page's "Does this sender pay off?": its figures from "Your senders", and leaving its list. */
export function SenderCardView({ view, onRetry, onUnsubscribe, onCancel, onConfirm }: SenderCardViewProps) {
  const sender = view.kind === "ready" ? view.senders[0] : undefined;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="sender-card-title">
      <h2 id="sender-card-title" className={heading2}>
        Does this sender pay off?
      </h2>
      {view.kind === "loading" && <PanelLoading text="Loading what this sender's mail gave you..." />}
      {view.kind === "failed" && <PanelRetry error={view.error} onRetry={onRetry} />}
      {sender && (
        <>
          <dl className={senderStyles.figures}>
            <div className={senderStyles.figure}>
              <dt className={senderStyles.figureName}>Mails a week</dt>
              <dd className={senderStyles.figureValue}>{sender.mailsPerWeek}</dd>
            </div>
            <div className={senderStyles.figure}>
              <dt className={senderStyles.figureName}>Deals found</dt>
              <dd className={senderStyles.figureValue}>{sender.dealsFound}</dd>
            </div>
            <div className={senderStyles.figure}>
              <dt className={senderStyles.figureName}>Deals used</dt>
              <dd className={senderStyles.figureValue}>{sender.dealsUsed}</dd>
            </div>
            <div className={senderStyles.figure}>
              <dt className={senderStyles.figureName}>Money saved</dt>
              <dd className={senderStyles.figureValue}>{savedText(sender)}</dd>
            </div>
          </dl>
          <p className={muted}>Money saved is what you recorded when you marked its deals used, in each currency.</p>
          <div>
            <UnsubscribeAction sender={sender} onUnsubscribe={onUnsubscribe} />
          </div>
        </>
      )}
      {view.kind === "ready" && view.confirming && <UnsubscribeDialog pending={view.confirming} onCancel={onCancel} onConfirm={onConfirm} />}
    </section>
  );
}

/** The card with its own machine for this brand, started with the page and stopped when it closes. */
export function SenderCard({ brandId }: { brandId: string }) {
  const actor = useActorRef(useLoadedService(SendersLogic), { input: { brandId } });
  const view = useSelector(actor, sendersViewOf, sameFields);
  return (
    <SenderCardView
      view={view}
      onRetry={() => actor.send({ type: "RETRY" })}
      onUnsubscribe={(senderId) => actor.send({ type: "UNSUBSCRIBE", senderId })}
      onCancel={() => actor.send({ type: "CANCEL" })}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
    />
  );
}
