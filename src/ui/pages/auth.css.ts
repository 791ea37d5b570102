import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const wrapper = style({
  minHeight: `calc(100vh - ${vars.layout.headerHeight})`,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.md,
});

export const panel = style({
  position: "relative",
  width: "100%",
  maxWidth: "26rem",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  textAlign: "center",
});

export const close = style({
  position: "absolute",
  top: vars.space.sm,
  right: vars.space.sm,
  width: "2.5rem",
  height: "2.5rem",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  borderRadius: "50%",
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.xl,
  selectors: { "&:hover": { background: vars.color.surfaceMuted } },
});

export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const statusIcon = style({
  alignSelf: "center",
  width: "3.5rem",
  height: "3.5rem",
  borderRadius: "50%",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: "2rem",
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

export const success = style({ background: vars.color.successSoft, color: vars.color.success });
export const failure = style({ background: vars.color.dangerSoft, color: vars.color.danger });

export const actions = style({ justifyContent: "center" });
