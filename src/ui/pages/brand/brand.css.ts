import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.md });

export const domain = style({ color: vars.color.textMuted, margin: 0 });

export const toggleRow = style({ display: "flex", alignItems: "center", gap: vars.space.sm });

export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
  gap: vars.space.md,
  margin: `${vars.space.lg} 0`,
});

export const figure = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column-reverse",
  gap: vars.space.xs,
});

export const figureValue = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 });

export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const dealList = style({ listStyle: "none", padding: 0, margin: `0 0 ${vars.space.xl}`, display: "flex", flexDirection: "column", gap: vars.space.sm });

/** One deal: its head line, then (an active deal) its codes, fine print and link, each on its own line. */
export const dealRow = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.sm,
});

/** The title, and its expiry beside it (below it when the row is narrow). */
export const dealHead = style({
  alignSelf: "stretch",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

/** The codes keep the card's width on a wide screen, so each Copy stays beside its code. */
export const codes = style({ alignSelf: "stretch", maxWidth: "30rem" });

export const dealTitle = style({ fontSize: vars.fontSize.md, margin: 0, flex: "1 1 16rem", overflowWrap: "anywhere" });

export const dealMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const code = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold, color: vars.color.text });
