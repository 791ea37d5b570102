import { useModalDialog } from "../../components/useModalDialog";
import type { DealDetailView } from "../../../application/machines/dealDetailMachine";
import { promoCodesOf } from "../../../domain/deal";
import { PromoCodes } from "./DealOffer";
import { DEAL_SOURCE_LABELS, type DealDetail } from "../../../domain/dealDetail";
import { DetailEvidence } from "./DealEvidence";
import { button, muted } from "../../components/primitives.css";
import { REMINDER_HINT, ReminderStar } from "./DealDetailActions";
import * as styles from "./DealDetail.css";
import { DealCorrectionSection, type DealCorrectionPanel } from "./DealCorrection";
import { ShowAtCheckout } from "../pocket/CheckoutCode";

export interface DealDetailDialogProps {
  view: DealDetailView;
  /** A sheet from the bottom on phones, a dialog in the middle otherwise. */
  sheet: boolean;
  onClose: () => void;
  onRetry: () => void;
  /** "Correct this deal" and what the person corrected. */
  correction?: DealCorrectionPanel | undefined;
}

const sentAtFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function Source({ detail }: { detail: DealDetail }) {
  const { email, deal } = detail;
  return (
    <section className={styles.section} aria-labelledby="deal-detail-source">
      <h3 id="deal-detail-source" className={styles.sectionTitle}>
        Where it came from
      </h3>
      <dl className={styles.facts}>
        <dt>From</dt>
        <dd>{email.sender ?? "Unknown sender"}</dd>
        <dt>Subject</dt>
        <dd>{email.subject ?? "(no subject)"}</dd>
        <dt>Sent</dt>
        <dd>{email.sentAt ? <time dateTime={email.sentAt}>{sentAtFormat.format(new Date(email.sentAt))}</time> : "Unknown"}</dd>
        <dt>How we found it</dt>
        <dd>{DEAL_SOURCE_LABELS[deal.source]}</dd>
      </dl>
      <div>
        <a className={button.secondary} href={email.url} target="_blank" rel="noreferrer noopener">
          Open in Gmail
        </a>
      </div>
    </section>
  );
}

function Details({ detail, correction }: { detail: DealDetail; correction?: DealCorrectionPanel | undefined }) {
  const { deal } = detail;
  const codes = promoCodesOf(deal);
  return (
    <>
      {deal.description && <p>{deal.description}</p>}
      {deal.expirationDate && (
        <div className={styles.reminderRow}>
          <ReminderStar deal={deal} />
          <span className={muted}>{REMINDER_HINT}.</span>
        </div>
      )}
      <Source detail={detail} />
      <DetailEvidence deal={deal} />
      {codes.length > 0 && (
        <section className={styles.section} aria-labelledby="deal-detail-codes">
          <h3 id="deal-detail-codes" className={styles.sectionTitle}>
            {codes.length === 1 ? "Code" : "Codes"}
          </h3>
          <PromoCodes deal={deal} />
        </section>
      )}
      <ShowAtCheckout deal={deal} />
      {deal.terms.length > 0 && (
        <section className={styles.section} aria-labelledby="deal-detail-terms">
          <h3 id="deal-detail-terms" className={styles.sectionTitle}>
            Fine print
          </h3>
          <ul className={styles.list}>
            {deal.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      )}
      {correction && <DealCorrectionSection panel={correction} />}
    </>
  );
}

/**
 * A deal's detail as a native modal dialog (a sheet on phones), so focus stays inside it; Escape and Close ask the
 * machine to close it, which unmounts it, and focus goes back to where it was: the card's Details button.
 */
export function DealDetailDialog({ view, ...props }: DealDetailDialogProps) {
  return view.kind === "closed" ? null : <OpenDealDetail view={view} {...props} />;
}

function OpenDealDetail({ view, sheet, onClose, onRetry, correction }: DealDetailDialogProps & { view: Exclude<DealDetailView, { kind: "closed" }> }) {
  const dialogRef = useModalDialog();

  return (
    <dialog
      ref={dialogRef}
      className={sheet ? styles.sheet : styles.dialog}
      aria-labelledby="deal-detail-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id="deal-detail-title" className={styles.title}>
          {view.kind === "shown" ? view.detail.deal.title : "Deal details"}
        </h2>
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {view.kind === "loading" && (
        <p role="status" className={muted}>
          Loading where this deal came from...
        </p>
      )}
      {view.kind === "failed" && (
        <div className={styles.section}>
          <p role="alert">We could not load this deal's details. Please try again.</p>
          <div>
            <button type="button" className={button.primary} onClick={onRetry}>
              Try again
            </button>
          </div>
        </div>
      )}
      {view.kind === "unavailable" && (
        <div className={styles.section}>
          <p role="alert">
            <strong>This deal is not available.</strong> It may have been removed, or the link belongs to another account.
          </p>
        </div>
      )}
      {view.kind === "shown" && <Details detail={view.detail} correction={correction} />}
    </dialog>
  );
}
