import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

/** On a narrow card, Disconnect wraps below the browser's name and dates. */
export const wraps = style({ flexWrap: "wrap" });
