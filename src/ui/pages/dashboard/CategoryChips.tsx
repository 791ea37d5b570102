import { useState } from "react";
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

/** 'All' and one chip per category with its count; on desktop the rest behind '+N more' / 'Show less'. */
export function CategoryChips({ categories, selected, totalCount, mobile, onSelect }: CategoryChipsProps) {
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = visibleCategories(categories, expanded, mobile);
  const isSelected = (label: string | null) => sameCategory(label, selected);
  const chip = (label: string | null, count: number) => (
    <li key={label ?? "all"} className={styles.chipItem}>
      <button
        type="button"
        className={isSelected(label) ? styles.chip.on : styles.chip.off}
        aria-pressed={isSelected(label)}
        onClick={() => onSelect(label)}
      >
        {label ?? "All"} <span className={styles.chipCount}>{count}</span>
      </button>
    </li>
  );
  return (
    <ul className={styles.chips} aria-label="Categories">
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
