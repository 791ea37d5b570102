import type { PendingUnsubscribe } from "../../../application/machines/sendersMachine";
import type { Sender } from "../../../application/ports/senders";
import { formatSaved } from "../../../domain/senders";
import { button, muted } from "../../components/primitives.css";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { dayFormat } from "../../dateFormats";

/** "$30.00 · €12.50", or a dash: amounts in two currencies are listed, never added. */
export function savedText(sender: Pick<Sender, "saved">): string {
  return sender.saved.length === 0 ? "—" : sender.saved.map((amount) => formatSaved(amount)).join(" · ");
}

/**
 * How to leave a sender's list: the one-click button (the server sends the request, after a confirmation), the
 * sender's own mailto: or web link (opened by the person, telling the sender nothing more), or when it was done.
 */
export function UnsubscribeAction({ sender, onUnsubscribe }: { sender: Sender; onUnsubscribe: (senderId: string) => void }) {
  if (sender.unsubscribedAt) return <span className={muted}>Unsubscribed {dayFormat().format(new Date(sender.unsubscribedAt))}</span>;
  const way = sender.unsubscribe;
  if (way === null) return <span className={muted}>No unsubscribe offered</span>;
  if (way.kind === "one-click") {
    return (
      <button type="button" className={button.secondary} onClick={() => onUnsubscribe(sender.id)} aria-label={`Unsubscribe from ${sender.name}`}>
        Unsubscribe
      </button>
    );
  }
  // The name starts with the visible words (WCAG 2.5.3), then says whose list and where the link leads.
  const [text, name] =
    way.kind === "mailto"
      ? ["Unsubscribe by email", `Unsubscribe by email from ${sender.name}, opens your email app`]
      : ["Unsubscribe on its website", `Unsubscribe on its website: ${sender.name}, opens in a new tab`];
  return (
    <a href={way.url} target="_blank" rel="noopener noreferrer" aria-label={name}>
      {text}
    </a>
  );
}

/** The confirmation before the server unsubscribes the person, and the sender's refusal if it came. */
export function UnsubscribeDialog({ pending, onCancel, onConfirm }: { pending: PendingUnsubscribe; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      title={`Unsubscribe from ${pending.sender.name}?`}
      confirmLabel="Unsubscribe"
      busyLabel="Unsubscribing..."
      busy={pending.unsubscribing}
      error={pending.error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        Deal Finder asks {pending.sender.name} to stop sending you marketing mail, with the one-click address the sender gave in its
        emails. Nothing in your mailbox changes, and the deals already found stay.
      </p>
    </ConfirmDialog>
  );
}
