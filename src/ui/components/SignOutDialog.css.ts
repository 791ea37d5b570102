import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const text = style({ margin: 0 });

/** The whole row is the checkbox's label, so it is an easy target on a phone. */
export const choice = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
});

export const checkbox = style({
  flexShrink: 0,
  width: "1.25rem",
  height: "1.25rem",
  margin: "0.15rem 0 0",
  accentColor: vars.color.primary,
  cursor: "pointer",
});

export const consequence = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({ display: "flex", flexWrap: "wrap", justifyContent: "flex-end", gap: vars.space.sm });
