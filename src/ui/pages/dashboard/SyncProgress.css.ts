import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";
import { MOBILE_MEDIA } from "./layout";

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  "@media": { [MOBILE_MEDIA]: { marginBottom: vars.space.sm, padding: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.fontSize.sm } },
});

export const line = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: "anywhere" });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

const sweep = keyframes({ from: { backgroundPosition: "-40% 0" }, to: { backgroundPosition: "140% 0" } });

/** The native bar, drawn in the theme's colours; before the total is known a light sweeps it, saying "working". */
export const bar = style({
  appearance: "none",
  width: "100%",
  height: "0.5rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  overflow: "hidden",
  accentColor: vars.color.primary,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.surfaceMuted },
    "&::-webkit-progress-value": { background: vars.color.primary, transition: "width 300ms ease" },
    "&::-moz-progress-bar": { background: vars.color.primary },
    "&:indeterminate": {
      backgroundImage: `linear-gradient(90deg, transparent, ${vars.color.primary}, transparent)`,
      backgroundSize: "40% 100%",
      backgroundRepeat: "no-repeat",
      animation: `${sweep} 1.4s ease-in-out infinite`,
    },
    "&:indeterminate::-webkit-progress-bar": { background: "transparent" },
  },
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});
