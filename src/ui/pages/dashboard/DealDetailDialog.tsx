import { useModalDialog } from "../../components/useModalDialog";
import type { DealDetailView } from "../../../application/machines/dealDetailMachine";
import { promoCodesOf, type Deal } from "../../../domain/deal";
import { endDateText } from "../../../domain/evidence";
import { PromoCodes, webDealUrl } from "./DealOffer";
import { DEAL_SOURCE_LABELS, type DealDetail } from "../../../domain/dealDetail";
import { DetailEvidence } from "./DealEvidence";
import { button, muted, visuallyHidden } from "../../components/primitives.css";
import { DealStatusButtons, REMINDER_HINT, ReminderStar } from "./DealDetailActions";
import * as styles from "./DealDetail.css";
import { DealCorrectionSection, type DealCorrectionPanel } from "./DealCorrection";
import { ShowAtCheckout } from "../pocket/CheckoutCode";
import { englishDayAndTimeFormat } from "../../dateFormats";

export interface DealDetailDialogProps {
  view: DealDetailView;
  /** A sheet from the bottom on phones, a dialog in the middle otherwise. */
  sheet: boolean;
  onClose: () => void;
  onRetry: () => void;
  /** "Correct this deal" and what the person corrected. */
  correction?: DealCorrectionPanel | undefined;
}

/** The shop's host name ("shop.example.com"), shown beside "Shop" instead of a whole address that would wrap. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** What a person came for, first: the codes with Copy, and the way to the shop. */
function Offer({ deal }: { deal: Deal }) {
  const url = webDealUrl(deal);
  if (promoCodesOf(deal).length === 0 && !url) return null;
  return (
    <section className={styles.offer} aria-label="Use this deal">
      <PromoCodes deal={deal} />
      {url && (
        <div className={styles.shopRow}>
          <a className={button.primary} href={url} target="_blank" rel="noreferrer">
            Shop <span className={visuallyHidden}>at {deal.brand}</span>
          </a>
          <span className={`${muted} ${styles.host}`}>{hostOf(url)}</span>
        </div>
      )}
    </section>
  );
}

/** The end as the extractor knows it (stated, or only a guess), with the reminder star when there is a day. */
function Ends({ deal }: { deal: Deal }) {
  return (
    <section className={styles.section} aria-labelledby="deal-detail-ends">
      {/* Not "Ends": the line below starts with it ("Ends Sun 29 Nov"). */}
      <h3 id="deal-detail-ends" className={styles.sectionTitle}>
        When it ends
      </h3>
      <p className={styles.plain}>{endDateText(deal) ?? "No end date given"}</p>
      {deal.expirationDate && (
        <div className={styles.reminderRow}>
          <ReminderStar deal={deal} />
          <span className={muted}>{REMINDER_HINT}.</span>
        </div>
      )}
    </section>
  );
}

function Source({ detail }: { detail: DealDetail }) {
  const { email, deal } = detail;
  return (
    <>
      <dl className={styles.facts}>
        <dt>From</dt>
        <dd>{email.sender ?? "Unknown sender"}</dd>
        <dt>Subject</dt>
        <dd>{email.subject ?? "(no subject)"}</dd>
        <dt>Sent</dt>
        <dd>{email.sentAt ? <time dateTime={email.sentAt}>{englishDayAndTimeFormat().format(new Date(email.sentAt))}</time> : "Unknown"}</dd>
        <dt>How we found it</dt>
        <dd>{DEAL_SOURCE_LABELS[deal.source]}</dd>
      </dl>
      <div>
        <a className={button.secondary} href={email.url} target="_blank" rel="noreferrer noopener">
          Open in Gmail
        </a>
      </div>
    </>
  );
}

/** Where the deal came from and what each field rests on: open on a wide screen, folded on a phone. */
function Origin({ detail, folded }: { detail: DealDetail; folded: boolean }) {
  const body = (
    <>
      <Source detail={detail} />
      <DetailEvidence deal={detail.deal} />
    </>
  );
  if (folded) {
    return (
      <details className={styles.origin}>
        <summary className={styles.originSummary}>Where it came from</summary>
        {body}
      </details>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="deal-detail-source">
      <h3 id="deal-detail-source" className={styles.sectionTitle}>
        Where it came from
      </h3>
      {body}
    </section>
  );
}

/**
 * The deal's Details in the order a person uses them: the codes with Copy and Shop, the end, the conditions and fine
 * print, Used it / Didn't work, then where it came from, and corrections last.
 */
function Details({ detail, folded, correction }: { detail: DealDetail; folded: boolean; correction?: DealCorrectionPanel | undefined }) {
  const { deal } = detail;
  return (
    <>
      <Offer deal={deal} />
      <ShowAtCheckout deal={deal} />
      <Ends deal={deal} />
      {(deal.description || deal.terms.length > 0) && (
        <section className={styles.section} aria-labelledby="deal-detail-terms">
          <h3 id="deal-detail-terms" className={styles.sectionTitle}>
            Conditions and fine print
          </h3>
          {deal.description && <p className={styles.plain}>{deal.description}</p>}
          {deal.terms.length > 0 && (
            <ul className={styles.list}>
              {deal.terms.map((term) => (
                <li key={term}>{term}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className={styles.section} aria-label="Did you use it?">
        <DealStatusButtons deal={deal} />
      </section>
      <Origin detail={detail} folded={folded} />
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
      {view.kind === "shown" && <Details detail={view.detail} folded={sheet} correction={correction} />}
    </dialog>
  );
}
