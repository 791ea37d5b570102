import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "wouter";
import { sendersViewOf, type SendersView } from "../../../application/machines/sendersMachine";
import type { Sender } from "../../../application/ports/senders";
import { SendersLogic } from "../../../application/services";
import type { SenderSort } from "../../../domain/senders";
import { card, heading2, muted, stack } from "../../components/primitives.css";
import { useLoadedService } from "../../di";
import { sameFields } from "../../hooks";
import { EmptyState, PanelLoading, PanelRetry } from "./PanelStatus";
import { savedText, UnsubscribeAction, UnsubscribeDialog } from "./SenderUnsubscribe";
import * as styles from "./settings.css";
import * as senderStyles from "./YourSenders.css";

export interface YourSendersCardProps {
  view: SendersView;
  onRetry: () => void;
  onSort: (sort: SenderSort) => void;
  onUnsubscribe: (senderId: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

const SORTABLE: ReadonlyArray<{ sort: SenderSort; label: string }> = [
  { sort: "mailsPerWeek", label: "Mails a week" },
  { sort: "dealsFound", label: "Deals found" },
];

/** A column header that sorts the table (largest first), saying so with aria-sort. */
function SortHeader({ sort, label, current, onSort }: { sort: SenderSort; label: string; current: SenderSort; onSort: (sort: SenderSort) => void }) {
  const active = sort === current;
  return (
    <th scope="col" className={`${senderStyles.headerCell} ${senderStyles.numberCell}`} aria-sort={active ? "descending" : "none"}>
      <button type="button" className={senderStyles.sortButton} onClick={() => onSort(sort)}>
        {label}
        <span aria-hidden="true">{active ? "▼" : "↕"}</span>
      </button>
    </th>
  );
}

/**
 * Settings' "Your senders" (docs/product.md, "Senders that pay off"): per sender, whether its mail gave deals or not,
 * mails a week, deals found and used, money saved per currency, and leaving its list; sortable by money saved, mails a
 * week and deals found.
 */
export function YourSendersCard({ view, onRetry, onSort, onUnsubscribe, onCancel, onConfirm }: YourSendersCardProps) {
  return (
    <section className={`${card} ${stack} ${styles.spaced} ${styles.fullWidth}`} aria-labelledby="your-senders-title">
      <div className={styles.panelHeader}>
        <h2 id="your-senders-title" className={heading2}>
          Your senders
        </h2>
        <p className={muted}>Which senders&apos; mail pays off: how often each writes, the deals it gave (if any) and what you saved with them.</p>
      </div>
      {view.kind === "loading" && <PanelLoading text="Loading your senders..." />}
      {view.kind === "failed" && <PanelRetry error={view.error} onRetry={onRetry} />}
      {view.kind === "ready" && view.senders.length === 0 && (
        <EmptyState title="No senders yet" hint="Senders appear here once a sync has read their promotions." />
      )}
      {view.kind === "ready" && view.senders.length > 0 && (
        <div className={senderStyles.tableScroll} tabIndex={0} role="group" aria-label="Senders table, scrolls sideways on small screens">
          <table className={senderStyles.table} aria-labelledby="your-senders-title">
            <thead>
              <tr>
                <th scope="col" className={`${senderStyles.headerCell} ${senderStyles.firstColumn}`}>
                  Sender
                </th>
                {SORTABLE.map((column) => (
                  <SortHeader key={column.sort} {...column} current={view.sort} onSort={onSort} />
                ))}
                <th scope="col" className={`${senderStyles.headerCell} ${senderStyles.numberCell}`}>
                  Deals used
                </th>
                <SortHeader sort="saved" label="Money saved" current={view.sort} onSort={onSort} />
                <th scope="col" className={senderStyles.headerCell}>
                  Unsubscribe
                </th>
              </tr>
            </thead>
            <tbody>
              {view.senders.map((sender) => (
                <SenderRow key={sender.id} sender={sender} onUnsubscribe={onUnsubscribe} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {view.kind === "ready" && view.confirming && <UnsubscribeDialog pending={view.confirming} onCancel={onCancel} onConfirm={onConfirm} />}
    </section>
  );
}

function SenderRow({ sender, onUnsubscribe }: { sender: Sender; onUnsubscribe: (senderId: string) => void }) {
  const number = `${senderStyles.cell} ${senderStyles.numberCell}`;
  return (
    <tr>
      <th scope="row" className={`${senderStyles.cell} ${senderStyles.senderName} ${senderStyles.firstColumn}`}>
        {/* A sender whose mail never gave a deal has no brand, so no page to open. */}
        {sender.brandId === null ? sender.name : <Link href={`/brands/${sender.brandId}`}>{sender.name}</Link>}
      </th>
      <td className={number}>{sender.mailsPerWeek}</td>
      <td className={number}>{sender.dealsFound}</td>
      <td className={number}>{sender.dealsUsed}</td>
      <td className={number}>{savedText(sender)}</td>
      <td className={senderStyles.cell}>
        <UnsubscribeAction sender={sender} onUnsubscribe={onUnsubscribe} />
      </td>
    </tr>
  );
}

/** The card with its own machine, started when Settings opens and stopped when it closes. */
export function YourSenders() {
  const actor = useActorRef(useLoadedService(SendersLogic), { input: { brandId: null } });
  const view = useSelector(actor, sendersViewOf, sameFields);
  return (
    <YourSendersCard
      view={view}
      onRetry={() => actor.send({ type: "RETRY" })}
      onSort={(sort) => actor.send({ type: "SORT", sort })}
      onUnsubscribe={(senderId) => actor.send({ type: "UNSUBSCRIBE", senderId })}
      onCancel={() => actor.send({ type: "CANCEL" })}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
    />
  );
}
