import { createContext, useContext } from "react";
import type { Deal, DealStatus } from "../../../domain/deal";
import * as styles from "./DealDetail.css";

/** How a deal card opens its detail and marks its status, without every view between passing it down. */
export interface DealActions {
  openDetail: (dealId: string) => void;
  setStatus: (deal: Deal, status: DealStatus | null) => void;
}

export const DealActionsContext = createContext<DealActions | null>(null);

const STATUS_BUTTONS: readonly { status: DealStatus; label: string }[] = [
  { status: "used", label: "Used it" },
  { status: "not_working", label: "Didn't work" },
];

/**
 * A card's "Details", "Used it" and "Didn't work". The status buttons are toggles: pressed again, they put the deal
 * back among the active ones. Outside a dashboard that provides the actions, the card shows none of them.
 */
export function DealDetailActions({ deal }: { deal: Deal }) {
  const actions = useContext(DealActionsContext);
  if (!actions) return null;
  // Each button names its deal, so a screen reader's list of buttons tells the cards' apart.
  const about = (label: string) => `${label}: ${deal.title}`;
  return (
    <div className={styles.cardActions}>
      <button type="button" className={styles.cardAction} aria-haspopup="dialog" aria-label={about("Details")} onClick={() => actions.openDetail(deal.id)}>
        Details
      </button>
      {STATUS_BUTTONS.map(({ status, label }) => (
        <button
          key={status}
          type="button"
          className={styles.cardAction}
          aria-pressed={deal.status === status}
          aria-label={about(label)}
          onClick={() => actions.setStatus(deal, deal.status === status ? null : status)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
