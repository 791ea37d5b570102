import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** The card's line on its deal's end and a guessed category. */
export const cardEvidence = style({ margin: 0, display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
