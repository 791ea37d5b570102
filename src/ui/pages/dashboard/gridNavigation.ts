/**
 * Where a key moves focus in the deal grid (the ARIA grid pattern): cards are laid out in rows of `columns`, in the
 * order the list has them, so reading order (left to right, top to bottom) is the list's order. Right and Left go on
 * to the next or previous row at a row's end, as reading does; Down into a last row shorter than the others lands on
 * its last card. Null: the key is not the grid's, or focus stays where it is.
 */
export interface GridKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export function nextCellIndex({ key, ctrlKey = false, metaKey = false }: GridKey, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const last = count - 1;
  const rowStart = index - (index % columns);
  const lastRowStart = last - (last % columns);
  const target = (() => {
    switch (key) {
      case "ArrowRight":
        return index + 1;
      case "ArrowLeft":
        return index - 1;
      case "ArrowDown":
        return rowStart === lastRowStart ? null : Math.min(index + columns, last);
      case "ArrowUp":
        return index - columns;
      case "Home":
        return ctrlKey || metaKey ? 0 : rowStart;
      case "End":
        return ctrlKey || metaKey ? last : Math.min(rowStart + columns - 1, last);
      default:
        return null;
    }
  })();
  if (target === null || target < 0 || target > last || target === index) return null;
  return target;
}
