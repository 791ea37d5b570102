import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const article = style({
  maxWidth: "48rem",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
});

globalStyle(`${article} h2`, { fontSize: vars.fontSize.xl, marginTop: vars.space.xl, marginBottom: vars.space.sm });
globalStyle(`${article} h3`, { fontSize: vars.fontSize.lg, marginTop: vars.space.lg, marginBottom: vars.space.xs });
globalStyle(`${article} li`, { marginBottom: vars.space.xs });

export const meta = style({ color: vars.color.textMuted });

export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  fontSize: vars.fontSize.sm,
});

export const footer = style({
  marginTop: vars.space.xxl,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
