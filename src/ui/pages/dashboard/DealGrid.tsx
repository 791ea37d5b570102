import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { Deal } from "../../../domain/deal";
import { promoCodesOf } from "../../../domain/deal";
import { hasOwnImage } from "../../../domain/stockImages";
import { DealCard, type DealCardProps } from "./DealCard";
import * as styles from "./Dashboard.css";

export interface DealGridProps extends Pick<DealCardProps, "today" | "imageWidth" | "onHideBrand"> {
  deals: readonly Deal[];
  columns: number;
  hiddenBrandIds: readonly string[];
}

const GAP_PX = 16;
/** Rows of cards mounted beyond the visible ones, so a quick scroll does not show gaps. */
const OVERSCAN_ROWS = 2;

/** A first guess of a card's height before it is measured: the 3:2 image (3:1 band of stock art), text, one row per code. */
function estimateCardHeight(deal: Deal, imageWidth: number): number {
  const media = hasOwnImage(deal) ? (imageWidth * 2) / 3 : imageWidth / 3;
  return media + 150 + (deal.description ? 40 : 0) + promoCodesOf(deal).length * 44 + (deal.terms.length > 0 ? 36 : 0);
}

/**
 * Masonry deal cards, virtualised: each card goes to the shortest column, and only the cards near the viewport are
 * mounted, so thousands of deals scroll smoothly.
 */
export function DealGrid({ deals, columns, hiddenBrandIds, today, imageWidth, onHideBrand }: DealGridProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the page changes as filters above it wrap or expand.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  // Worked out once per list: the virtualiser asks again for every card below each one it measures.
  const estimates = useMemo(() => deals.map((deal) => estimateCardHeight(deal, imageWidth)), [deals, imageWidth]);
  const virtualizer = useWindowVirtualizer({
    count: deals.length,
    estimateSize: (index) => estimates[index]!,
    getItemKey: (index) => deals[index]!.id,
    lanes: columns,
    gap: GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  const hidden = new Set(hiddenBrandIds);
  const columnWidth = `((100% - ${(columns - 1) * GAP_PX}px) / ${columns})`;

  return (
    <ul ref={listRef} className={styles.grid} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const deal = deals[item.index]!;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={styles.gridItem}
            style={{
              width: `calc${columnWidth}`,
              left: `calc(${item.lane} * (${columnWidth} + ${GAP_PX}px))`,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <DealCard
              deal={deal}
              today={today}
              imageWidth={imageWidth}
              hidden={hidden.has(deal.brandId)}
              onHideBrand={onHideBrand}
            />
          </li>
        );
      })}
    </ul>
  );
}
