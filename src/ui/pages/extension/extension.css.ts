import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const pageWidth = style({ maxWidth: "48rem" });

export const steps = style({ margin: 0, paddingLeft: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.sm });

/** A browser address to type, such as chrome://extensions: pages cannot link to those. */
export const address = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xs}`,
  overflowWrap: "anywhere",
});

export const connected = style({ color: vars.color.success, fontWeight: vars.fontWeight.bold, margin: 0 });

export const errorText = style({ color: vars.color.danger, margin: 0 });

export const startAligned = style({ alignSelf: "flex-start" });
