import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const notice = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const mark = style({ flex: "none", fontWeight: vars.fontWeight.bold });
