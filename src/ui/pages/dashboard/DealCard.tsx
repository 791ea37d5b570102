import { memo, useState } from "react";
import { createPortal } from "react-dom";
import { expiryLabel, expiryUrgency, headlineDiscount, type Deal } from "../../../domain/deal";
import { badge } from "../../components/primitives.css";
import { Link } from "wouter";
import { useCodeCopy } from "./codeCopy";
import { ActionMenu } from "./ActionMenu";
import { useDealMenuItems } from "./DealDetailActions";
import { DealPrice } from "./DealPrice";
import { useControlTabIndex } from "./gridCell";
import { CardEvidence } from "./DealEvidence";
import { ChannelBadge } from "./ChannelBadge";
import { DealPicture } from "./DealPicture";
import { FinePrint, PromoCodes, ViewDealLink, webDealUrl } from "./DealOffer";
import { CheckoutCode, hasCheckoutCode } from "../pocket/CheckoutCode";
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

/**
 * One deal: picture, brand, title, expiry, headline discount and price, the codes to copy and the shop's link in view;
 * Details, the cashier's view, the reminder star, Used it, Didn't work and hiding the brand behind one menu button.
 */
export const DealCard = memo(function DealCard({ deal, today, imageWidth, hidden, onHideBrand }: DealCardProps) {
  const { feedback } = useCodeCopy();
  const tabIndex = useControlTabIndex();
  const [showingCheckout, setShowingCheckout] = useState(false);
  const menuItems = useDealMenuItems(deal, onHideBrand, hasCheckoutCode(deal) ? () => setShowingCheckout(true) : undefined);
  const justCopied = feedback?.dealId === deal.id && feedback.highlighted;
  const discount = headlineDiscount(deal);
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
      <div inert={hidden} className={hidden ? `${styles.dealCardInner} ${styles.dealCardHidden}` : styles.dealCardInner}>
        <div className={styles.mediaFrame}>
          <DealPicture deal={deal} width={imageWidth} />
        </div>
        <div className={styles.dealBody}>
          <div className={styles.dealHead}>
            <Link href={`/brands/${deal.brandId}`} className={styles.dealBrand} tabIndex={tabIndex}>
              {deal.brand}
            </Link>
            <span className={`${badge} ${styles.expiry[expiryUrgency(deal.expirationDate, today)]}`}>
              {expiryLabel(deal.expirationDate, today)}
            </span>
          </div>
          <h3 id={titleId} className={styles.dealTitle}>
            {deal.title}
          </h3>
          <CardEvidence deal={deal} />
          {(discount || deal.price) && (
            <div className={styles.priceLine}>
              {discount && <span className={badge}>{discount}</span>}
              <DealPrice deal={deal} />
            </div>
          )}
          <ChannelBadge terms={deal.terms} />
          {deal.description && <p className={styles.dealDescription}>{deal.description}</p>}
          <PromoCodes deal={deal} />
          <FinePrint deal={deal} clamped />
          <div className={styles.dealFoot}>
            {webDealUrl(deal) ? <ViewDealLink deal={deal} about={`at ${deal.brand}`} className={styles.shopLink} /> : <span />}
            <ActionMenu label={`More actions: ${deal.title}`} items={menuItems} tabIndex={tabIndex} />
          </div>
        </div>
      </div>
      {/* Outside the grid's cells, so the grid's arrow keys and Escape never reach into the cashier's view. */}
      {showingCheckout && createPortal(<CheckoutCode deal={deal} onClose={() => setShowingCheckout(false)} />, document.body)}
    </article>
  );
});
