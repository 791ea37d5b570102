import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** The card's price line: the price now, the old one struck through, the saving. */
export const priceLine = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `0 ${vars.space.xs}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const priceNow = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const priceSaving = style({ fontWeight: vars.fontWeight.bold, color: vars.color.success });

/** "How much did it save you?": above the undo bar, in the same place on every page that lists deals. */
export const prompt = style({
  position: "fixed",
  insetInline: vars.space.md,
  bottom: `calc(${vars.space.md} + 4rem)`,
  zIndex: 41,
  margin: "0 auto",
  maxWidth: "32rem",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
});

export const promptTitle = style({ margin: 0, fontSize: vars.fontSize.md, overflowWrap: "anywhere" });

export const promptFields = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.sm });

export const amountInput = style({ width: "8rem" });

export const promptProblem = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

/** "Saved this month / this year" beside the figures. */
export const savedTotals = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});

export const savedFigure = style({ margin: 0, fontWeight: vars.fontWeight.bold, color: vars.color.success });

export const promptHint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
