import { createContext, useContext } from "react";
import type { Deal, DealStatus } from "../../../domain/deal";
import type { ActionMenuItem } from "./ActionMenu";
import * as styles from "./DealDetail.css";

/** How a deal card opens its detail and marks its status, without every view between passing it down. */
export interface DealActions {
  openDetail: (dealId: string) => void;
  setStatus: (deal: Deal, status: DealStatus | null) => void;
  /** The deal's status: set during this visit, or as the deal loaded. */
  statusOf: (deal: Pick<Deal, "id" | "status">) => DealStatus | null;
  /** Whether the deal's star is on: pressed during this visit, or as the deal loaded. */
  reminderOf: (deal: Pick<Deal, "id" | "remind">) => boolean;
  setReminder: (deal: Pick<Deal, "id" | "remind">, remind: boolean) => void;
}

export const DealActionsContext = createContext<DealActions | null>(null);

const STATUS_BUTTONS: readonly { status: DealStatus; label: string }[] = [
  { status: "used", label: "Used it" },
  { status: "not_working", label: "Didn't work" },
];

export const REMINDER_HINT = "We'll email you before it ends, as early as you choose in Settings";

/**
 * A card's secondary actions, for its menu: Details, the reminder star (a deal that ends), Used it and Didn't work
 * (toggles: chosen again, they put the deal back among the active ones) and hiding the brand. Outside a dashboard that
 * provides the deal actions, only hiding the brand.
 */
export function useDealMenuItems(deal: Deal, onHideBrand: (deal: Deal) => void, onShowAtCheckout?: () => void): ActionMenuItem[] {
  const actions = useContext(DealActionsContext);
  const hide: ActionMenuItem = { key: "hide", text: "Hide brand", label: `Hide brand ${deal.brand}`, onSelect: () => onHideBrand(deal) };
  // The cashier's view needs nothing but the card's own deal, so it opens offline too, unlike Details.
  const checkout: ActionMenuItem[] = onShowAtCheckout ? [{ key: "checkout", text: "Show at checkout", onSelect: onShowAtCheckout }] : [];
  if (!actions) return [...checkout, hide];
  const status = actions.statusOf(deal);
  const reminder = actions.reminderOf(deal);
  return [
    { key: "details", text: "Details", onSelect: () => actions.openDetail(deal.id) },
    ...checkout,
    ...(deal.expirationDate
      ? [{ key: "remind", text: <><span aria-hidden="true">{reminder ? "★" : "☆"}</span> Remind me</>, label: "Remind me", checked: reminder, onSelect: () => actions.setReminder(deal, !reminder) }]
      : []),
    ...STATUS_BUTTONS.map(({ status: each, label }) => ({
      key: each,
      text: label,
      checked: status === each,
      // The deal leaves the list shown, its card with it: the undo bar takes focus.
      returnsFocus: false,
      onSelect: () => actions.setStatus(deal, status === each ? null : each),
    })),
    hide,
  ];
}

/** "Used it" and "Didn't work" in a deal's Details, as toggles: pressed again, they put the deal back among the active ones. */
export function DealStatusButtons({ deal }: { deal: Deal }) {
  const actions = useContext(DealActionsContext);
  if (!actions) return null;
  const status = actions.statusOf(deal);
  return (
    <div className={styles.statusPair}>
      {STATUS_BUTTONS.map(({ status: each, label }, index) => (
        <button
          key={each}
          type="button"
          className={index === 0 ? styles.pairStart : styles.pairEnd}
          aria-pressed={status === each}
          onClick={() => actions.setStatus(deal, status === each ? null : each)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** "Remind me": a star on a deal that ends, for an email before it ends (the lead time is the person's); the dialog's title names the deal. */
export function ReminderStar({ deal }: { deal: Pick<Deal, "id" | "title" | "remind" | "expirationDate"> }) {
  const actions = useContext(DealActionsContext);
  if (!actions || !deal.expirationDate) return null;
  const on = actions.reminderOf(deal);
  const label = on ? "Reminder set" : "Remind me";
  return (
    <button type="button" className={styles.cardAction} aria-pressed={on} title={REMINDER_HINT} onClick={() => actions.setReminder(deal, !on)}>
      <span aria-hidden="true">{on ? "★" : "☆"}</span> {label}
    </button>
  );
}
