import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

/** Below this width the header's actions move into a menu, so that the header stays one row. */
const NARROW = "(max-width: 520px)";
/** The narrowest phones also get a tighter padding. */
const NARROWEST = "(max-width: 360px)";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** One row of a fixed height at every width, so the dashboard's sticky banner can sit right below it. */
export const inner = style({
  maxWidth: vars.layout.maxWidth,
  margin: "0 auto",
  height: vars.layout.headerHeight,
  padding: `0 ${vars.space.md}`,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  "@media": { [NARROWEST]: { padding: `0 ${vars.space.sm}`, gap: vars.space.sm } },
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  "@media": { [NARROWEST]: { fontSize: vars.fontSize.md, gap: vars.space.xs } },
});

globalStyle(`${brand} svg`, { flexShrink: 0 });

export const nav = style({ display: "flex", alignItems: "center", gap: vars.space.sm, marginInlineStart: "auto", flexShrink: 0 });

export const menuWrapper = style({ position: "relative" });

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.5rem",
  height: "2.5rem",
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  cursor: "pointer",
  fontFamily: "inherit",
});

export const menu = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 0.5rem)",
  minWidth: "15rem",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const menuIdentity = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xs,
  overflowWrap: "anywhere",
});

export const menuItem = style({
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: "none",
  background: "transparent",
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.md,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceMuted } },
});

export const demoBadge = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  whiteSpace: "nowrap",
});

/** Shown only where the header has room for it. */
export const wideOnly = style({ "@media": { [NARROW]: { display: "none" } } });
/** Shown only on phones, where it stands in for what `wideOnly` hides. */
export const narrowOnly = style({ "@media": { "(min-width: 521px)": { display: "none" } } });

export const menuButton = style([
  avatar,
  { borderRadius: vars.radius.md, background: "transparent", selectors: { '&[aria-expanded="true"]': { background: vars.color.accentSoft } } },
]);
