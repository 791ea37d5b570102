import { useId, useMemo, type ReactNode } from "react";
import { Link } from "wouter";
import type { BrandPageState } from "../../../application/machines/brandPageMachine";
import type { CopyFeedback } from "../../../application/machines/codeCopyRegion";
import { expiryLabel, promoCodesOf, type Deal } from "../../../domain/deal";
import type { BrandPage } from "../../../domain/dealDetail";
import { button, centered, heading1, heading2, muted, page, spinner, stack } from "../../components/primitives.css";
import { LoadingScreen } from "../../components/LoadingScreen";
import { CodeCopyContext } from "../dashboard/codeCopy";
import { FinePrint, PromoCodes, ViewDealLink } from "../dashboard/DealOffer";
import * as settingsStyles from "../settings/settings.css";
import * as styles from "./brand.css";
import { countOf } from "../../../domain/counting";

export interface BrandPageViewProps {
  state: BrandPageState;
  today: Date;
  /** How the last press of Copy went, as the page's machine says; null when there is nothing to say. */
  copyFeedback: CopyFeedback | null;
  onCopy: (dealId: string, code: string) => void;
  onRetry: () => void;
  /** `isActive` is the value the switch showed when pressed. */
  onToggleBrand: (isActive: boolean) => void;
  /** The "Does this sender pay off?" card, which runs a machine of its own; stories leave it out. */
  sender?: ReactNode;
}

const STATUS_NOTES: Record<NonNullable<Deal["status"]>, string> = { used: "You used it", not_working: "Didn't work for you" };

/** A deal's title, and beside it (below it on a phone) when it ends and what the person said of it. */
function DealHead({ deal, today, codes }: { deal: Deal; today: Date; codes?: readonly string[] }) {
  return (
    <div className={styles.dealHead}>
      <h3 className={styles.dealTitle}>{deal.title}</h3>
      <span className={styles.dealMeta}>
        {codes?.map((code) => (
          <code key={code} className={styles.code}>
            {code}
          </code>
        ))}
        <span>{expiryLabel(deal.expirationDate, today)}</span>
        {deal.status && <span>{STATUS_NOTES[deal.status]}</span>}
      </span>
    </div>
  );
}

/** The brand's current deals, each with what the dashboard's card offers to act on: its codes to copy, its fine print, its link. */
function CurrentDealRows({ deals, today }: { deals: readonly Deal[]; today: Date }) {
  if (deals.length === 0) return <p className={muted}>No current deals from this brand right now.</p>;
  return (
    <ul className={styles.dealList}>
      {deals.map((deal) => (
        <li key={deal.id} className={styles.dealRow}>
          <DealHead deal={deal} today={today} />
          <PromoCodes deal={deal} className={styles.codes} />
          <FinePrint deal={deal} />
          <ViewDealLink deal={deal} about={`for ${deal.title}`} />
        </li>
      ))}
    </ul>
  );
}

/** The brand's expired and marked deals: what they were, their codes as text (nothing to copy: they are done with). */
function PastDealRows({ deals, today }: { deals: readonly Deal[]; today: Date }) {
  if (deals.length === 0) return <p className={muted}>No past deals from this brand.</p>;
  return (
    <ul className={styles.dealList}>
      {deals.map((deal) => (
        <li key={deal.id} className={styles.dealRow}>
          <DealHead deal={deal} today={today} codes={promoCodesOf(deal)} />
        </li>
      ))}
    </ul>
  );
}

function perWeek({ emailsPerWeek, emailCount }: BrandPage): string {
  if (emailCount > 0 && emailsPerWeek < 0.1) return "Less than one email a week";
  return `${countOf(emailsPerWeek, "email")} a week`;
}

function Figures({ page: brandPage }: { page: BrandPage }) {
  return (
    <div className={styles.figures}>
      <div className={styles.figure}>
        <p className={styles.figureLabel}>Typical discount (the middle of its deals' percents off)</p>
        <p className={styles.figureValue}>{brandPage.typicalPercentOff === null ? "No percent deals yet" : `${brandPage.typicalPercentOff}% off`}</p>
      </div>
      <div className={styles.figure}>
        <p className={styles.figureLabel}>
          How often it mails you deals ({countOf(brandPage.emailCount, "email")} so far)
        </p>
        <p className={styles.figureValue}>{perWeek(brandPage)}</p>
      </div>
    </div>
  );
}

function BrandToggle({ page: brandPage, pending, onToggle }: { page: BrandPage; pending: boolean; onToggle: (isActive: boolean) => void }) {
  const labelId = useId();
  const { isActive } = brandPage.brand;
  return (
    <div className={styles.toggleRow}>
      <button
        type="button"
        role="switch"
        aria-checked={isActive}
        aria-labelledby={labelId}
        aria-busy={pending}
        disabled={pending}
        className={settingsStyles.switchTrack}
        onClick={() => onToggle(isActive)}
      >
        {pending ? <span className={`${spinner} ${settingsStyles.switchSpinner}`} /> : <span className={settingsStyles.switchThumb} />}
      </button>
      <span id={labelId}>{isActive ? "Shown on your dashboard" : "Hidden from your dashboard"}</span>
    </div>
  );
}

/** /brands/:id: a brand's current and past deals, its typical discount, how often it mails, and its show/hide switch. */
export function BrandPageView({ state, today, copyFeedback, onCopy, onRetry, onToggleBrand, sender }: BrandPageViewProps) {
  const codeCopy = useMemo(() => ({ feedback: copyFeedback, copy: onCopy }), [copyFeedback, onCopy]);
  if (state.kind === "loading") return <LoadingScreen label="Loading the brand..." />;
  if (state.kind === "missing" || state.kind === "failed") {
    return (
      <div className={`${page} ${stack} ${centered}`}>
        <h1 className={heading1}>{state.kind === "missing" ? "Brand not found" : "Error loading the brand"}</h1>
        <p className={muted}>
          {state.kind === "missing" ? "There is no such brand in your account." : "We could not load this brand. Please try again."}
        </p>
        <div>
          {state.kind === "failed" ? (
            <button type="button" className={button.primary} onClick={onRetry}>
              Try again
            </button>
          ) : (
            <Link href="/dashboard" className={button.secondary}>
              Back to your deals
            </Link>
          )}
        </div>
      </div>
    );
  }
  const brandPage = state.page;
  return (
    <div className={page}>
      <Link href="/dashboard">‹ Your deals</Link>
      <div className={styles.header}>
        <div>
          <h1 className={heading1}>{brandPage.brand.name}</h1>
          <p className={styles.domain}>{brandPage.brand.domain}</p>
        </div>
        <BrandToggle page={brandPage} pending={state.togglePending} onToggle={onToggleBrand} />
      </div>
      <Figures page={brandPage} />
      {sender}
      <h2 className={heading2}>Current deals</h2>
      <CodeCopyContext value={codeCopy}>
        <CurrentDealRows deals={brandPage.currentDeals} today={today} />
      </CodeCopyContext>
      <h2 className={heading2}>Past deals</h2>
      <PastDealRows deals={brandPage.pastDeals} today={today} />
    </div>
  );
}
