import { memo, useState } from "react";
import { expiryLabel, expiryUrgency, headlineDiscount, type Deal } from "../../../domain/deal";
import { categoryId } from "../../../domain/category";
import { dealImageChain, hasOwnImage } from "../../../domain/stockImages";
import { badge } from "../../components/primitives.css";
import { Link } from "wouter";
import { useCodeCopy } from "./codeCopy";
import { ActionMenu } from "./ActionMenu";
import { useDealMenuItems } from "./DealDetailActions";
import { useControlTabIndex } from "./gridCell";
import { CardEvidence } from "./DealEvidence";
import { FinePrint, PromoCodes, ViewDealLink, webDealUrl } from "./DealOffer";
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
 * The card's media, in a box whose size never depends on an image loading: the offer's own image (through the image
 * proxy) in a 3:2 area with a skeleton until it arrives; the category's stock art only when there is none, small on a
 * tinted panel, in a shorter band when the deal never had an image of its own.
 */
function DealMedia({ deal, width }: { deal: Deal; width: number }) {
  const chain = dealImageChain(deal);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const isStock = attempt >= chain.length - 1;
  const tint = styles.mediaTint[categoryId(deal.category)] ?? styles.mediaTint.others!;
  if (isStock) {
    return (
      <div className={`${hasOwnImage(deal) ? styles.media : styles.mediaBand} ${tint}`} data-media="stock">
        <img className={styles.stockImage} src={chain.at(-1)} alt="" loading="lazy" decoding="async" />
      </div>
    );
  }
  // The image proxy has already judged the image by its real size: a tracking pixel or a thin strip is an error here.
  return (
    <div className={loaded ? styles.media : `${styles.media} ${styles.skeleton}`} data-media={loaded ? "image" : "loading"}>
      <img
        key={attempt}
        className={loaded ? styles.mediaImage : `${styles.mediaImage} ${styles.mediaImageLoading}`}
        src={chain[attempt]}
        alt=""
        width={width}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={() => setAttempt(attempt + 1)}
      />
    </div>
  );
}

/**
 * One deal: image, brand, title, expiry, headline discount, the codes to copy and the shop's link in view; Details,
 * the reminder star, Used it, Didn't work and hiding the brand behind one menu button.
 */
export const DealCard = memo(function DealCard({ deal, today, imageWidth, hidden, onHideBrand }: DealCardProps) {
  const { feedback } = useCodeCopy();
  const tabIndex = useControlTabIndex();
  const menuItems = useDealMenuItems(deal, onHideBrand);
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
          <DealMedia deal={deal} width={imageWidth} />
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
          {/* The price line: the headline discount now; was/now prices and the saving belong in this row too. */}
          {discount && (
            <div className={styles.priceLine}>
              <span className={badge}>{discount}</span>
            </div>
          )}
          {deal.description && <p className={styles.dealDescription}>{deal.description}</p>}
          <PromoCodes deal={deal} />
          <FinePrint deal={deal} clamped />
          <div className={styles.dealFoot}>
            {webDealUrl(deal) ? <ViewDealLink deal={deal} about={`at ${deal.brand}`} className={styles.shopLink} /> : <span />}
            <ActionMenu label={`More actions: ${deal.title}`} items={menuItems} tabIndex={tabIndex} />
          </div>
        </div>
      </div>
    </article>
  );
});
