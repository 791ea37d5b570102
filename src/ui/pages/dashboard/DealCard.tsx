import { useEffect, useState } from "react";
import { daysUntil, expiryStatus, promoCodesOf, type Deal } from "../../../domain/deal";
import { badge, button, visuallyHidden } from "../../components/primitives.css";
import * as styles from "./Dashboard.css";

export const CARD_COPY_FEEDBACK_MS = 2_000;

export interface DealCardProps {
  deal: Deal;
  today: Date;
  onCopy: (code: string) => void;
}

function expiryText(deal: Deal, today: Date): string | null {
  if (!deal.expirationDate) return null;
  const status = expiryStatus(deal.expirationDate, today);
  if (status === "expired") return "Expired";
  const days = daysUntil(deal.expirationDate, today);
  if (days === 0) return "Expires today";
  return `Expires in ${days} day${days === 1 ? "" : "s"}`;
}

export function DealCard({ deal, today, onCopy }: DealCardProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const [imageFailed, setImageFailed] = useState(false);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), CARD_COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const codes = promoCodesOf(deal);
  const expiry = expiryText(deal, today);
  const status = expiryStatus(deal.expirationDate, today);
  const image = deal.imageUrls[0];

  return (
    <article className={styles.dealCard} aria-labelledby={`deal-${deal.id}`}>
      {image && !imageFailed && (
        <img className={styles.dealImage} src={image} alt="" loading="lazy" onError={() => setImageFailed(true)} />
      )}
      <div className={styles.dealBody}>
        <span className={styles.dealBrand}>{deal.brand}</span>
        <h3 id={`deal-${deal.id}`} className={styles.dealTitle}>
          {deal.title}
        </h3>
        {deal.discount && <span className={badge}>{deal.discount}</span>}
        {deal.description && <p>{deal.description}</p>}
        {codes.length > 0 && (
          <ul className={styles.codes} aria-label="Promo codes">
            {codes.map((code) => (
              <li key={code} className={styles.codeRow}>
                <code className={styles.code}>{code}</code>
                <button
                  type="button"
                  className={button.small}
                  aria-label={copied === code ? `Copied ${code}` : `Copy code ${code}`}
                  onClick={() => {
                    onCopy(code);
                    setCopied(code);
                  }}
                >
                  {copied === code ? "Copied!" : "Copy"}
                </button>
              </li>
            ))}
          </ul>
        )}
        {expiry && (
          <span className={`${styles.expiry} ${status === "active" ? "" : styles.expiryUrgent}`}>{expiry}</span>
        )}
        {deal.dealUrl && (
          <a href={deal.dealUrl} target="_blank" rel="noreferrer">
            View deal<span className={visuallyHidden}> at {deal.brand}</span>
          </a>
        )}
      </div>
    </article>
  );
}
