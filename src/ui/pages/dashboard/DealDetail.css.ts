import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";
import { VISUALLY_HIDDEN } from "../../components/primitives.css";
import { MOBILE_MEDIA } from "./layout";

const surface = {
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: vars.space.lg,
  overflowY: "auto",
} as const;

/** A centred dialog on wider screens. */
export const dialog = style({
  ...surface,
  width: "min(36rem, calc(100vw - 2rem))",
  maxHeight: "min(40rem, calc(100vh - 4rem))",
  borderRadius: vars.radius.lg,
});

/** A sheet from the bottom edge on phones. */
export const sheet = style({
  ...surface,
  width: "100vw",
  maxWidth: "100vw",
  maxHeight: "85vh",
  margin: "auto 0 0",
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  borderBottom: "none",
});

globalStyle(`${dialog}::backdrop, ${sheet}::backdrop`, { background: vars.color.overlay });

export const head = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.md });

export const title = style({ fontSize: vars.fontSize.lg, margin: 0, minWidth: 0, overflowWrap: "break-word" });

export const close = style({
  flex: "none",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: "pointer",
});

export const section = style({ marginTop: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const sectionTitle = style({ fontSize: vars.fontSize.md, margin: 0 });

export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

globalStyle(`${facts} dt`, { color: vars.color.textMuted });
// Words wrap whole; only a word longer than the line (an email address) breaks, and only where it must.
globalStyle(`${facts} dd`, { margin: 0, minWidth: 0, overflowWrap: "break-word" });

/** The codes and the way to the shop, at the top of the Details. */
export const offer = style({ marginTop: vars.space.md, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const shopRow = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minWidth: 0 });

/** The shop's host, on one line, cut short with an ellipsis rather than broken mid-word. */
export const host = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", fontSize: vars.fontSize.sm });

export const plain = style({ margin: 0 });

/** "Where it came from", folded on a phone. */
export const origin = style({ marginTop: vars.space.lg });
globalStyle(`${origin} > * + *`, { marginTop: vars.space.sm });

export const originSummary = style({ padding: `${vars.space.sm} 0`, fontWeight: vars.fontWeight.bold, cursor: "pointer" });

export const list = style({ margin: 0, paddingLeft: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.xs });

/** The detail dialog's star, with what it does beside it. */
export const reminderRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.sm}` });

/** "Used it" and "Didn't work" joined as one control of two halves; a narrow half wraps its words. */
export const statusPair = style({ display: "grid", gridTemplateColumns: "1fr 1fr" });

export const cardAction = style({
  minHeight: "2.75rem",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: "inherit",
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceMuted },
    "&[aria-pressed='true']": { background: vars.color.accentSoft, borderColor: vars.color.primary, fontWeight: vars.fontWeight.bold },
  },
});

const pairHalf = style([
  cardAction,
  { paddingInline: vars.space.xs, lineHeight: 1.15, overflowWrap: "anywhere", selectors: { "&:focus-visible, &[aria-pressed='true']": { position: "relative", zIndex: 1 } } },
]);
export const pairStart = style([pairHalf, { borderStartEndRadius: 0, borderEndEndRadius: 0 }]);
export const pairEnd = style([pairHalf, { borderStartStartRadius: 0, borderEndStartRadius: 0, marginInlineStart: "-1px" }]);

/** "Show: Active · Used · Didn't work". */
export const showFilter = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  border: "none",
  margin: 0,
  padding: 0,
  // A fieldset is as wide as its content unless told otherwise, which would widen the page.
  minInlineSize: 0,
});

/**
 * On a phone the four choices read as a filter without their "Show" (still their group's name to a screen reader),
 * which lets them share one row down to 360 px; narrower, they wrap rather than hide a choice off the edge.
 */
export const showLegend = style({
  float: "left",
  marginRight: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  "@media": { [MOBILE_MEDIA]: VISUALLY_HIDDEN },
});

export const showOption = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  flex: "none",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  "@media": { [MOBILE_MEDIA]: { minHeight: "2.25rem", padding: `0 ${vars.space.sm}` } },
  selectors: {
    "&:has(input:checked)": { background: vars.color.accentSoft, borderColor: vars.color.primary, fontWeight: vars.fontWeight.bold },
    "&:has(input:focus-visible)": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const showInput = style({ position: "absolute", opacity: 0, width: 1, height: 1, margin: 0 });

/** The bar that reports a status change, with its Undo. */
export const undoBar = style({
  position: "fixed",
  insetInline: vars.space.md,
  bottom: vars.space.md,
  zIndex: 40,
  margin: "0 auto",
  maxWidth: "32rem",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.text,
  color: vars.color.background,
  boxShadow: vars.shadow.raised,
});

export const undoMessage = style({ flex: 1, overflowWrap: "anywhere" });

export const undoButton = style({
  minHeight: "2.75rem",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.background}`,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.background,
  fontFamily: "inherit",
  fontWeight: vars.fontWeight.bold,
  cursor: "pointer",
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
