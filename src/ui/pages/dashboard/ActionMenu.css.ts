import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const wrapper = style({ position: "relative", flex: "none" });

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    "&[aria-expanded='true']": { background: vars.color.accentSoft, borderColor: vars.color.primary },
  },
});

const menu = style({
  position: "absolute",
  right: 0,
  zIndex: 5,
  display: "flex",
  flexDirection: "column",
  minWidth: "12rem",
  maxWidth: "calc(100vw - 2rem)",
  padding: vars.space.xs,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const menuBelow = style([menu, { top: `calc(100% + ${vars.space.xs})` }]);
export const menuAbove = style([menu, { bottom: `calc(100% + ${vars.space.xs})` }]);

export const fromLeft = style({ right: "auto", left: 0 });

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.sm,
  textAlign: "left",
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&:hover, &:focus-visible": { background: vars.color.surfaceMuted },
    "&:focus-visible": { outlineOffset: "-3px" },
    "&[aria-checked='true']": { fontWeight: vars.fontWeight.bold },
  },
});
