import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const code = style({ fontSize: "4.5rem", fontWeight: vars.fontWeight.bold, margin: 0, color: vars.color.primary });
export const actions = style({ justifyContent: "center" });
