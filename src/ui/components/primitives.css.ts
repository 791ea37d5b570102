import { style, styleVariants, keyframes } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

export const page = style({
  maxWidth: vars.layout.maxWidth,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.md}`,
});

export const narrowPage = style([page, { maxWidth: "28rem" }]);

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "2.75rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  cursor: "pointer",
  transition: "background 120ms ease, border-color 120ms ease",
  selectors: { "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed", opacity: 0.6 } },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover } },
    },
  ],
  /** The confirming button of an action that removes something (deleting the account, disconnecting). */
  danger: [
    buttonBase,
    {
      background: vars.color.danger,
      color: vars.color.surface,
      selectors: { "&:hover:not(:disabled)": { filter: "brightness(0.92)" } },
    },
  ],
  secondary: [
    buttonBase,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: "transparent",
      color: vars.color.text,
      selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceMuted } },
    },
  ],
  small: [
    buttonBase,
    {
      minHeight: "2rem",
      padding: `${vars.space.xxs} ${vars.space.sm}`,
      fontSize: vars.fontSize.sm,
      background: vars.color.surfaceMuted,
      color: vars.color.text,
      borderColor: vars.color.border,
    },
  ],
});

export const fullWidth = style({ width: "100%" });

export const muted = style({ color: vars.color.textMuted });

export const badge = style({
  display: "inline-block",
  alignSelf: "flex-start",
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  background: vars.color.accentSoft,
  color: vars.color.text,
});

export const heading1 = style({ fontSize: vars.fontSize.xxl, marginBottom: vars.space.sm });
export const heading2 = style({ fontSize: vars.fontSize.xl, marginBottom: vars.space.sm });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

export const centered = style({ textAlign: "center" });

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = style({
  display: "inline-block",
  width: "2rem",
  height: "2rem",
  borderRadius: "50%",
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 800ms linear infinite`,
});

/** Hidden where scripts cannot run (the `scripting` media feature): a spinner that would never stop. */
export const onlyWithScripts = style({ "@media": { "(scripting: none)": { display: "none" } } });

/** Out of sight, still read by screen readers: also for a style that hides an element only at some widths. */
export const VISUALLY_HIDDEN = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

export const visuallyHidden = style(VISUALLY_HIDDEN);

export const skipLink = style({
  position: "absolute",
  left: vars.space.md,
  top: "-3rem",
  zIndex: 100,
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  selectors: { "&:focus": { top: vars.space.sm } },
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const label = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.sm });

export const input = style({
  minHeight: "2.75rem",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
});
