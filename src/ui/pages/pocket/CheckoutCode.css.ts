import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/**
 * The whole screen, black on white in either theme: a scanner and a cashier across the counter read it best so, and a
 * phone's dark theme would dim it.
 */
export const screen = style({
  width: "100vw",
  maxWidth: "100vw",
  height: "100dvh",
  maxHeight: "100dvh",
  margin: 0,
  padding: vars.space.lg,
  border: "none",
  background: "#ffffff",
  color: "#000000",
  colorScheme: "light",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.lg,
  overflowY: "auto",
  boxSizing: "border-box",
});

globalStyle(`${screen}::backdrop`, { background: "#ffffff" });

export const head = style({ width: "100%", display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.md });

export const brand = style({ margin: 0, fontSize: vars.fontSize.lg, overflowWrap: "anywhere" });

export const done = style({
  flex: "none",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: "2px solid #000000",
  borderRadius: vars.radius.md,
  background: "#ffffff",
  color: "#000000",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  cursor: "pointer",
  selectors: { "&:focus-visible": { outline: "3px solid #1d4ed8", outlineOffset: "2px" } },
});

export const codes = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md, width: "100%" });

/** As large as a phone's width allows for a usual code, still whole for a long one. */
export const code = style({
  display: "block",
  fontFamily: vars.font.mono,
  fontWeight: vars.fontWeight.bold,
  fontSize: "clamp(2rem, 11vw, 5rem)",
  lineHeight: 1.1,
  letterSpacing: "0.06em",
  textAlign: "center",
  overflowWrap: "anywhere",
});

export const condition = style({ display: "block", textAlign: "center", fontSize: vars.fontSize.md });

export const barcode = style({ width: "100%", maxWidth: "32rem", display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.xs });

/** Quiet space around the bars, and never wider than the screen, which a scanner needs. */
export const bars = style({ width: "100%", height: "auto", maxHeight: "40vh", background: "#ffffff", padding: vars.space.sm, boxSizing: "border-box" });

export const digits = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, letterSpacing: "0.12em" });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, textAlign: "center" });
