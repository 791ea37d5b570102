import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const body = style({ "@media": { "(max-width: 480px)": { padding: vars.space.md } } });
globalStyle(`${body} p`, { margin: 0 });

export const errorText = style({ color: vars.color.danger, margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
