import { memo, useState } from "react";
import { expiryLabel, expiryStatus, promoCodesOf, type Deal } from "../../../domain/deal";
import { dealImageChain } from "../../../domain/stockImages";
import { badge, visuallyHidden } from "../../components/primitives.css";
import { useCodeCopy } from "./codeCopy";
import { CopyButton } from "./CopyButton";
import * as styles from "./Dashboard.css";

export interface DealCardProps {
  deal: Deal;
  today: Date;
  /** Width the image is laid out at: 300 px, 210 px on small screens. */
  imageWidth: number;
  /** The deal's brand was hidden: the card stays, greyed and inert, until the dashboard is refreshed. */
  hidden: boolean;
  onHideBrand: (deal: Deal) => void;
}

function DealImage({ deal, width }: { deal: Deal; width: number }) {
  const chain = dealImageChain(deal);
  const [attempt, setAttempt] = useState(0);
  const url = chain[Math.min(attempt, chain.length - 1)]!;
  const isLast = attempt >= chain.length - 1;
  const next = () => setAttempt((current) => Math.min(current + 1, chain.length - 1));
  // The image proxy has already judged the image by its real size: a tracking pixel or a thin strip is an error here.
  return (
    <img
      className={styles.dealImage}
      src={url}
      alt=""
      width={width}
      loading="lazy"
      decoding="async"
      onError={isLast ? undefined : next}
    />
  );
}

/** One deal: image, brand, title, expiry badge, promo codes to copy, a link, and hiding the brand. */
export const DealCard = memo(function DealCard({ deal, today, imageWidth, hidden, onHideBrand }: DealCardProps) {
  const { feedback } = useCodeCopy();
  const justCopied = feedback?.dealId === deal.id && feedback.highlighted;
  const codes = promoCodesOf(deal);
  const status = expiryStatus(deal.expirationDate, today);
  const expiry = expiryLabel(deal.expirationDate, today);
  const titleId = `deal-${deal.id}`;
  const className = justCopied ? `${styles.dealCard} ${styles.dealCardCopied}` : styles.dealCard;
  return (
    <article className={className} aria-labelledby={titleId} aria-describedby={hidden ? `${titleId}-hidden` : undefined}>
      {hidden && (
        <span id={`${titleId}-hidden`} className={styles.hiddenNote}>
          Brand hidden
        </span>
      )}
      {/* Only the content greys out, so the note above it keeps its contrast. */}
      <div inert={hidden} className={hidden ? styles.dealCardHidden : undefined}>
        <DealImage deal={deal} width={imageWidth} />
        <div className={styles.dealBody}>
          <div className={styles.dealHead}>
            <span className={styles.dealBrand}>{deal.brand}</span>
            {expiry && status !== "undated" && <span className={`${badge} ${styles.expiry[status]}`}>{expiry}</span>}
          </div>
          <h3 id={titleId} className={styles.dealTitle}>
            {deal.title}
          </h3>
          {deal.discount && <span className={badge}>{deal.discount}</span>}
          {deal.description && <p className={styles.dealDescription}>{deal.description}</p>}
          {codes.length > 0 && (
            <ul className={styles.codes} aria-label="Promo codes">
              {codes.map((code) => (
                <li key={code} className={styles.codeRow}>
                  <code className={styles.code}>{code}</code>
                  <CopyButton dealId={deal.id} code={code} />
                </li>
              ))}
            </ul>
          )}
          <div className={styles.dealFoot}>
            {deal.dealUrl ? (
              <a href={deal.dealUrl} target="_blank" rel="noreferrer">
                View deal<span className={visuallyHidden}> at {deal.brand}</span>
              </a>
            ) : (
              <span />
            )}
            <button type="button" className={styles.hideButton} aria-label={`Hide brand ${deal.brand}`} onClick={() => onHideBrand(deal)}>
              Hide brand
            </button>
          </div>
        </div>
      </div>
    </article>
  );
});
