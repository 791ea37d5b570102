import { useState, type KeyboardEvent } from "react";
import type { CategoryCount } from "../../../domain/dashboard";
import { sameCategory } from "../../../domain/category";
import { visibleCategories } from "./layout";
import * as styles from "./Dashboard.css";

export interface CategoryChipsProps {
  categories: readonly CategoryCount[];
  selected: string | null;
  totalCount: number;
  mobile: boolean;
  onSelect: (category: string | null) => void;
}

/** The keys that move focus among the chips, to the chip's position in the row. */
function movedTo(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight" || key === "ArrowDown") return (index + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * 'All' and one chip per category with its count; on desktop the rest behind '+N more' / 'Show less'. The chips are one
 * Tab stop (the chip last focused, at first the chosen one) and arrow keys move among them, so a phone's dozen chips do
 * not stand between the search box and the deals.
 */
export function CategoryChips({ categories, selected, totalCount, mobile, onSelect }: CategoryChipsProps) {
  const [expanded, setExpanded] = useState(false);
  const [focusedChip, setFocusedChip] = useState<string | null | undefined>(undefined);
  const { shown, hidden } = visibleCategories(categories, expanded, mobile);
  const isSelected = (label: string | null) => sameCategory(label, selected);
  const labels = [null, ...shown.map((category) => category.label)];
  const tabStop = [focusedChip, selected].find((label) => label !== undefined && labels.some((shownLabel) => sameCategory(shownLabel, label))) ?? null;
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const chips = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button[aria-pressed]")];
    const next = movedTo(event.key, chips.indexOf(event.target as HTMLButtonElement), chips.length);
    if (next === null || !chips.includes(event.target as HTMLButtonElement)) return;
    event.preventDefault();
    chips[next]!.focus();
  };
  const chip = (label: string | null, count: number) => (
    <li key={label ?? "all"} className={styles.chipItem}>
      <button
        type="button"
        className={isSelected(label) ? styles.chip.on : styles.chip.off}
        aria-pressed={isSelected(label)}
        tabIndex={sameCategory(label, tabStop) ? 0 : -1}
        onFocus={() => setFocusedChip(label)}
        onClick={() => onSelect(label)}
      >
        {label ?? "All"} <span className={styles.chipCount}>{count}</span>
      </button>
    </li>
  );
  return (
    <ul className={styles.chips} aria-label="Categories" onKeyDown={onKeyDown}>
      {chip(null, totalCount)}
      {shown.map((category) => chip(category.label, category.count))}
      {!mobile && (hidden > 0 || expanded) && (
        <li className={styles.chipItem}>
          <button type="button" className={styles.chip.more} aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? "Show less" : `+${hidden} more`}
          </button>
        </li>
      )}
    </ul>
  );
}
