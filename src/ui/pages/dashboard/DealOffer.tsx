import { codeConditionOf, promoCodesOf, type Deal } from "../../../domain/deal";
import { visuallyHidden } from "../../components/primitives.css";
import { CopyButton } from "./CopyButton";
import { useControlTabIndex } from "./gridCell";
import * as styles from "./Dashboard.css";

/**
 * What a person acts on in a deal, shown the same on a dashboard card and on its brand's page: the promo codes to
 * copy, the fine print and the link to the offer. The Copy buttons need a CodeCopyContext above them.
 */

/** The promo codes, each with the spend or offer the email ties to it ("SAVE10 · $10 off $50"), and a Copy button. */
export function PromoCodes({ deal, className }: { deal: Deal; className?: string }) {
  const codes = promoCodesOf(deal);
  if (codes.length === 0) return null;
  return (
    <ul className={className ? `${styles.codes} ${className}` : styles.codes} aria-label="Promo codes">
      {codes.map((code) => {
        const condition = codeConditionOf(deal, code);
        return (
          <li key={code} className={styles.codeRow}>
            <span className={styles.codeText}>
              <code className={styles.code}>{code}</code>
              {condition && <span className={styles.codeCondition}> · {condition}</span>}
            </span>
            <CopyButton dealId={deal.id} code={code} />
          </li>
        );
      })}
    </ul>
  );
}

/** The fine print, in one small paragraph (at most two lines when `clamped`); nothing when the email had none. */
export function FinePrint({ deal, clamped = false }: { deal: Deal; clamped?: boolean }) {
  if (deal.terms.length === 0) return null;
  return (
    <p className={clamped ? styles.cardTerms : styles.terms}>
      <span className={styles.termsLabel}>Fine print:</span> {deal.terms.join(" · ")}
    </p>
  );
}

/** The deal's address when it is a web page (http or https), the only kind a "View deal" link opens. */
export function webDealUrl(deal: Pick<Deal, "dealUrl">): string | null {
  if (!deal.dealUrl) return null;
  try {
    const { protocol } = new URL(deal.dealUrl);
    return protocol === "https:" || protocol === "http:" ? deal.dealUrl : null;
  } catch {
    return null;
  }
}

/**
 * "View deal", in a new tab, for a deal with a web address (webDealUrl); nothing otherwise. `about` ends its name for
 * a screen reader, who may hear it among the page's other links: "at Brindlemart" on a card, "for <title>" on a
 * brand's page (all of whose links are the brand's).
 */
export function ViewDealLink({ deal, about, className }: { deal: Deal; about: string; className?: string }) {
  const tabIndex = useControlTabIndex();
  const url = webDealUrl(deal);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={className} tabIndex={tabIndex}>
      View deal{" "}
      <span className={visuallyHidden}>{about}</span>
    </a>
  );
}
