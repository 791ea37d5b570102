import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** The table scrolls on its own on a phone rather than widening the page; focusable so a keyboard can scroll it. */
export const tableScroll = style({
  overflowX: "auto",
  borderRadius: vars.radius.sm,
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

// Separate borders: collapsed ones stay behind when the sticky first column scrolls.
export const table = style({ width: "100%", borderCollapse: "separate", borderSpacing: 0, fontSize: vars.fontSize.sm });

export const headerCell = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

export const numberCell = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });

export const cell = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });

/** A column header that sorts: the whole header is the button, so its name is the column's. */
export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxs,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  minHeight: "2rem",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px", borderRadius: vars.radius.sm } },
});

/** The senders' column, heading included, stays in view while the figures scroll sideways beside it. */
export const firstColumn = style({ position: "sticky", left: 0, zIndex: 1, background: vars.color.surface, textAlign: "left" });

/** Whole words: a squeezed column broke "Lanternfish" into letters on a phone. */
export const senderName = style({ fontWeight: vars.fontWeight.medium, minWidth: "8rem", overflowWrap: "break-word" });

export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(8rem, 1fr))",
  gap: vars.space.sm,
  margin: 0,
});

export const figure = style({ display: "flex", flexDirection: "column", gap: vars.space.xxs });
export const figureName = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const figureValue = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
