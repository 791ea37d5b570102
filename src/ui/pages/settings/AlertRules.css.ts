import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

/** On a narrow card, Remove wraps below the rule's words. */
export const wraps = style({ flexWrap: "wrap" });

/** The new rule's kind, percent and brand, side by side where there is room, then Add. */
export const form = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(10rem, 100%), 1fr))",
  alignItems: "end",
  gap: vars.space.md,
});
