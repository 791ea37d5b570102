import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import { useWindowVirtualizer, windowScroll, type VirtualizerOptions } from "@tanstack/react-virtual";
import type { Deal } from "../../../domain/deal";
import { promoCodesOf } from "../../../domain/deal";
import { hasOwnImage } from "../../../domain/stockImages";
import { DealCard, type DealCardProps } from "./DealCard";
import { CellControlsTabbable } from "./gridCell";
import { nextCellIndex } from "./gridNavigation";
import * as styles from "./Dashboard.css";

export interface DealGridProps extends Pick<DealCardProps, "today" | "imageWidth" | "onHideBrand"> {
  deals: readonly Deal[];
  columns: number;
  hiddenBrandIds: readonly string[];
  /** The grid's name: the id of the heading that names it. */
  labelledBy: string;
}

const GAP_PX = 16;
/** Rows of cards mounted beyond the visible ones, so a quick scroll does not show gaps (and arrow keys find the next row). */
const OVERSCAN_ROWS = 2;

/** A first guess of a card's height before it is measured: the 3:2 image (3:1 band of stock art), text, one row per code. */
function estimateCardHeight(deal: Deal, imageWidth: number): number {
  const media = hasOwnImage(deal) ? (imageWidth * 2) / 3 : imageWidth / 3;
  return media + 150 + (deal.description ? 40 : 0) + promoCodesOf(deal).length * 44 + (deal.terms.length > 0 ? 36 : 0);
}

const cellOf = (target: EventTarget | null): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>("[data-cell]") : null);
const FOCUSABLE = "a[href], button:not([disabled]), input, select, textarea, [tabindex]";

/**
 * The element's distance from the top of the page, which changes as what is above it wraps or expands: read after
 * each layout that changes the page's size, when reading it costs nothing. Read at every render, it forced a layout
 * of the whole page inside the render. Until the first reading the element counts as at the top: only rows below
 * the screen are mounted that need not be.
 */
function useDistanceFromPageTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const element = ref.current;
    // Where the browser has no ResizeObserver (a test's document without layout), the element stays at the top.
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const measured = element.getBoundingClientRect().top + window.scrollY;
      setTop((current) => (Math.abs(measured - current) > 1 ? measured : current));
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

type WindowScrollTo = VirtualizerOptions<Window, Element>["scrollToFn"];

/**
 * The window virtualiser's scrolling, but for its first write: as it mounts it scrolls the window to its initial
 * offset, which it read from the window's own scroll position, so that write moves nothing; it only forced a layout of
 * the whole page inside the first render.
 */
function scrollingAfterMount(): WindowScrollTo {
  let mounted = false;
  return (offset, options, instance) => {
    if (mounted) windowScroll(offset, options, instance);
    mounted = true;
  };
}

/**
 * The deal cards in rows of `columns`, virtualised: only the rows near the viewport are mounted, so thousands of deals
 * scroll smoothly. Rows keep reading order (left to right, top to bottom) the list's order, for eyes and keys alike.
 *
 * Keyboard (the ARIA grid pattern): the grid is one Tab stop, the card last focused; arrow keys, Home and End (with
 * Ctrl: the first and last card) move between cards; Enter or F2 goes into a card, whose controls Tab then reaches,
 * and Escape comes back out to the card. Tab from a card leaves the grid.
 */
export function DealGrid({ deals: latestDeals, columns, hiddenBrandIds, today, imageWidth, onHideBrand, labelledBy }: DealGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDistanceFromPageTop(gridRef);
  const [activeIndex, setActiveIndex] = useState(0);
  /** The card being worked in, whose controls Tab reaches; null when focus is on a card itself or outside the grid. */
  const [workingIn, setWorkingIn] = useState<number | null>(null);
  /** A card to focus once its row is mounted (a key moved to a row scrolled away). */
  const pendingFocus = useRef<number | null>(null);

  // The cards are mounted in a second render that React may interrupt (useDeferredValue's initial value): the first
  // one, which shows the rest of the page, stays short, and the cards' rendering is split into tasks short enough not
  // to block a tap or a key.
  const cardsMounted = useDeferredValue(true, false);
  // A new list (a key typed in the search, a chip chosen) is rendered the same way, so the search box answers each key
  // at once and the cards follow; a later key interrupts the render of a list no longer asked for.
  const deals = useDeferredValue(latestDeals);
  const [scrollToFn] = useState(scrollingAfterMount);
  // Read during the first render, while the page is still laid out as the browser last drew it: read as the
  // virtualiser mounts, after this render's new elements are in, it forced a layout of the whole page.
  const [initialOffset] = useState(() => window.scrollY);

  const rowCount = Math.ceil(deals.length / columns);
  // Worked out once per list: the virtualiser asks again for every row below each one it measures.
  const estimates = useMemo(() => {
    const cards = deals.map((deal) => estimateCardHeight(deal, imageWidth));
    return Array.from({ length: rowCount }, (_, row) => Math.max(...cards.slice(row * columns, (row + 1) * columns)));
  }, [deals, imageWidth, columns, rowCount]);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: (row) => estimates[row]!,
    getItemKey: (row) => deals.slice(row * columns, (row + 1) * columns).map((deal) => deal.id).join(" "),
    indexAttribute: "data-row",
    // A row's height as its ResizeObserver reports it, after the browser's own layout; a row just mounted keeps its
    // last known height (or the estimate) until then. Reading offsetHeight as each row mounts forced a layout of the
    // whole page inside the render, once more than the browser does anyway.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      const row = instance.indexFromElement(element);
      return instance.itemSizeCache.get(instance.options.getItemKey(row)) ?? instance.options.estimateSize(row);
    },
    gap: GAP_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    scrollToFn,
    initialOffset,
  });
  const hidden = new Set(hiddenBrandIds);
  const rows = cardsMounted ? virtualizer.getVirtualItems() : [];
  const last = deals.length - 1;
  const active = Math.min(activeIndex, Math.max(last, 0));
  // The Tab stop must be mounted: when the active card's row is scrolled away, the first card on screen takes it.
  const activeRowMounted = rows.some((row) => row.index === Math.floor(active / columns));
  const tabStop = activeRowMounted || rows.length === 0 ? active : rows[0]!.index * columns;

  const cellElement = (index: number) => gridRef.current?.querySelector<HTMLElement>(`[data-cell='${index}']`) ?? null;
  const focusCell = (index: number) => {
    setActiveIndex(index);
    const element = cellElement(index);
    if (element) element.focus();
    else {
      pendingFocus.current = index;
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
    }
  };

  useLayoutEffect(() => {
    if (pendingFocus.current !== null) {
      const element = cellElement(pendingFocus.current);
      if (element) {
        pendingFocus.current = null;
        element.focus();
      }
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const index = Number(cell.dataset.cell);
    if (event.target === cell) {
      if (event.key === "Enter" || event.key === "F2") {
        event.preventDefault();
        setWorkingIn(index);
        cell.querySelector<HTMLElement>(FOCUSABLE)?.focus();
        return;
      }
      const next = nextCellIndex(event, index, deals.length, columns);
      if (next === null) return;
      event.preventDefault();
      focusCell(next);
    } else if (event.key === "Escape" || event.key === "F2") {
      event.preventDefault();
      setWorkingIn(null);
      cell.focus();
    }
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    const index = Number(cell.dataset.cell);
    setActiveIndex(index);
    // Focus put inside a card (a click, Enter) works in it; focus on the card itself does not.
    setWorkingIn(event.target === cell ? null : index);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const goingTo = event.relatedTarget as Node | null;
    if (goingTo && gridRef.current?.contains(goingTo)) return;
    setWorkingIn(null);
  };

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      // Until the cards of the latest list are in: assistive technology waits for them, and so does bench:dashboard.
      aria-busy={!cardsMounted || deals !== latestDeals}
      aria-rowcount={rowCount}
      aria-colcount={columns}
      className={styles.grid}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {rows.map((row) => {
        const first = row.index * columns;
        const rowDeals = deals.slice(first, first + columns);
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            role="row"
            aria-rowindex={row.index + 1}
            data-row={row.index}
            className={styles.gridRow}
            style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            {rowDeals.map((deal, column) => {
              const index = first + column;
              return (
                <div
                  key={deal.id}
                  role="gridcell"
                  aria-colindex={column + 1}
                  tabIndex={index === tabStop ? 0 : -1}
                  data-cell={index}
                  data-index={index}
                  className={styles.gridCell}
                >
                  <CellControlsTabbable value={workingIn === index}>
                    <DealCard deal={deal} today={today} imageWidth={imageWidth} hidden={hidden.has(deal.brandId)} onHideBrand={onHideBrand} />
                  </CellControlsTabbable>
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
