import type { Deal } from "../../../domain/deal";
import { priceLine } from "../../../domain/dealPrice";
import * as styles from "./Savings.css";

/**
 * A deal's was/now price as the mail states it, in one small line: "$35.99 was $59.99 — save $24.00". Nothing when
 * the mail stated none. The old price is struck through for the eye, and its word "was" says it to everyone.
 */
export function DealPrice({ deal }: { deal: Pick<Deal, "price"> }) {
  if (!deal.price) return null;
  const line = priceLine(deal.price);
  return (
    <p className={styles.priceLine} data-testid="deal-price">
      <span className={styles.priceNow}>{line.now}</span>{" "}
      <span>
        was <s>{line.was}</s>
      </span>{" "}
      <span aria-hidden="true">—</span>{" "}
      <span className={styles.priceSaving}>save {line.saving}</span>
    </p>
  );
}
