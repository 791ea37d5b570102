import { useState } from "react";
import type { Deal } from "../../../domain/deal";
import { categoryId } from "../../../domain/category";
import { brandLogoCandidates, dealPictureChain, offerPictureFit, type PictureFit } from "../../../domain/dealPicture";
import { hasOwnImage } from "../../../domain/stockImages";
import { BrandLogo } from "../../components/BrandLogo";
import * as styles from "./Dashboard.css";
import * as pictureStyles from "./DealPicture.css";

/** The brand badge's height on a picture, in CSS pixels: smaller on a phone's narrow card. */
const badgeSize = (width: number) => (width < 250 ? 28 : 36);

/**
 * A card's picture, in a box whose size never depends on an image loading (docs/product.md, "Deal images"): the
 * offer's own image with the brand's logo in a corner; else the brand's logo; the category's drawing last, with the
 * brand's monogram. Each image comes through the image proxy, and one that fails gives way to the next.
 */
export function DealPicture({ deal, width }: { deal: Deal; width: number }) {
  const chain = dealPictureChain(deal);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  // Known once the offer's image has loaded (until then it is hidden): its shape says how it fills the box.
  const [fit, setFit] = useState<PictureFit>("fill");
  const choice = chain[Math.min(attempt, chain.length - 1)]!;
  const box = hasOwnImage(deal) ? styles.media : styles.mediaBand;
  const tint = styles.mediaTint[categoryId(deal.category)] ?? styles.mediaTint.others!;
  const next = () => {
    setLoaded(false);
    setAttempt(attempt + 1);
  };
  if (choice.kind === "stock") {
    return (
      <div className={`${box} ${tint}`} data-media="stock">
        <img className={styles.stockImage} src={choice.src} alt="" loading="lazy" decoding="async" data-picture="stock" />
        <span className={pictureStyles.badge}>
          <BrandLogo name={deal.brand} logoUrls={[]} size={badgeSize(width)} />
        </span>
      </div>
    );
  }
  if (choice.kind === "logo") {
    return (
      <div className={loaded ? `${box} ${tint}` : `${box} ${tint} ${styles.skeleton}`} data-media={loaded ? "logo" : "loading"}>
        <span className={pictureStyles.logoStage}>
          <img
            key={choice.src}
            className={loaded ? pictureStyles.logoImage : `${pictureStyles.logoImage} ${styles.mediaImageLoading}`}
            src={choice.src}
            alt=""
            loading="lazy"
            decoding="async"
            data-picture="logo"
            onLoad={() => setLoaded(true)}
            onError={next}
          />
        </span>
      </div>
    );
  }
  // The image proxy has already judged the image by its real size: a tracking pixel or a thin strip is an error here.
  return (
    <div className={loaded ? box : `${box} ${styles.skeleton}`} data-media={loaded ? "image" : "loading"}>
      <img
        key={choice.src}
        className={`${styles.mediaImage} ${styles.mediaImageFit[fit]}${loaded ? "" : ` ${styles.mediaImageLoading}`}`}
        src={choice.src}
        alt=""
        width={width}
        loading="lazy"
        decoding="async"
        data-picture="offer"
        data-fit={fit}
        onLoad={(event) => {
          setFit(offerPictureFit(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight));
          setLoaded(true);
        }}
        onError={next}
      />
      {loaded && (
        <span className={pictureStyles.badge}>
          <BrandLogo name={deal.brand} logoUrls={brandLogoCandidates(deal)} size={badgeSize(width)} />
        </span>
      )}
    </div>
  );
}
