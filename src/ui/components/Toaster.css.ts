import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const viewport = style({
  position: "fixed",
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 50,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  width: "min(24rem, calc(100vw - 2rem))",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

const toastBase = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  color: vars.color.text,
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface }],
  success: [toastBase, { background: vars.color.successSoft }],
  destructive: [toastBase, { background: vars.color.dangerSoft }],
});

export const body = style({ flex: 1, minWidth: 0 });
export const title = style({ fontWeight: vars.fontWeight.bold });
export const description = style({ fontSize: vars.fontSize.sm });

export const close = style({
  border: "none",
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
});

/** The toast's one button (Undo): a real button, outlined so it reads as one on every toast background. */
export const action = style({
  flex: "none",
  alignSelf: "center",
  minHeight: "2.25rem",
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.text}`,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontWeight: vars.fontWeight.bold,
  cursor: "pointer",
});
