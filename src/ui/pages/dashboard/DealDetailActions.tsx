import { createContext, useContext } from "react";
import type { Deal, DealStatus } from "../../../domain/deal";
import * as styles from "./DealDetail.css";

/** How a deal card opens its detail and marks its status, without every view between passing it down. */
export interface DealActions {
  openDetail: (dealId: string) => void;
  setStatus: (deal: Deal, status: DealStatus | null) => void;
  /** Whether the deal's star is on: pressed during this visit, or as the deal loaded. */
  reminderOf: (deal: Pick<Deal, "id" | "remind">) => boolean;
  setReminder: (deal: Pick<Deal, "id" | "remind">, remind: boolean) => void;
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
      <div className={styles.cardActionRow}>
        <button type="button" className={styles.detailsAction} aria-haspopup="dialog" aria-label={about("Details")} onClick={() => actions.openDetail(deal.id)}>
          Details
        </button>
        <ReminderStar deal={deal} compact />
      </div>
      <div className={styles.statusPair}>
        {STATUS_BUTTONS.map(({ status, label }, index) => (
          <button
            key={status}
            type="button"
            className={index === 0 ? styles.pairStart : styles.pairEnd}
            aria-pressed={deal.status === status}
            aria-label={about(label)}
            onClick={() => actions.setStatus(deal, deal.status === status ? null : status)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

export const REMINDER_HINT = "We'll email you the day before it ends";

/**
 * "Remind me": a star on a deal that ends, for an email the day before. On a card it is the star alone (its width
 * never changes, so pressing it never reflows the card) and its name says which deal, like the card's other buttons;
 * in the detail dialog it has its words, and the dialog's title names the deal. Deals without an end date have none.
 */
export function ReminderStar({ deal, compact = false }: { deal: Pick<Deal, "id" | "title" | "remind" | "expirationDate">; compact?: boolean }) {
  const actions = useContext(DealActionsContext);
  if (!actions || !deal.expirationDate) return null;
  const on = actions.reminderOf(deal);
  const label = on ? "Reminder set" : "Remind me";
  return (
    <button
      type="button"
      className={compact ? styles.starAction : styles.cardAction}
      aria-pressed={on}
      aria-label={compact ? `${label}: ${deal.title}` : label}
      title={REMINDER_HINT}
      onClick={() => actions.setReminder(deal, !on)}
    >
      <span aria-hidden="true">{on ? "★" : "☆"}</span>
      {!compact && ` ${label}`}
    </button>
  );
}
