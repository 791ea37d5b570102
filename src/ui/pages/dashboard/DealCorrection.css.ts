import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const problem = style({ margin: 0, color: vars.color.danger, fontWeight: vars.fontWeight.medium });

/** Save, Cancel and "This is not a deal": in a row where there is room, one under another on a phone. */
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  "@media": { "(max-width: 480px)": { flexDirection: "column", alignItems: "stretch" } },
});

/** The removal is told apart by its colour and its words, in both themes (the danger colour is the theme's). */
export const notADeal = style({ color: vars.color.danger, borderColor: vars.color.danger });
