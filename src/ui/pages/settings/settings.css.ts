import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** Two panels side by side, then full-width panels; one column on phones. */
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": { "(max-width: 760px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const fullWidth = style({ gridColumn: "1 / -1" });

/**
 * A settings panel or the dialog: its stack sets the spacing, so paragraphs bring no margins of their own; phones get
 * narrower padding so the brand search's placeholder fits.
 */
export const spaced = style({ "@media": { "(max-width: 480px)": { padding: vars.space.md } } });
globalStyle(`${spaced} p`, { margin: 0 });

export const startAligned = style({ alignSelf: "flex-start" });

/** Username and email side by side where the card is wide enough, so the two first cards end together. */
export const fieldPair = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(12rem, 100%), 1fr))",
  gap: vars.space.md,
});

/** The disabled Change Password button with the reason beside it, or below it on a narrow card. */
export const securityRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.md}` });

/** The card's buttons sit at its foot, in line with the next card's last button. */
export const footActions = style({ marginTop: "auto" });

export const panelHeader = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const factName = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted });
export const factValue = style({ margin: 0, overflowWrap: "anywhere" });

export const status = styleVariants({
  connected: { color: vars.color.success, fontWeight: vars.fontWeight.bold },
  notConnected: { color: vars.color.danger, fontWeight: vars.fontWeight.bold },
});

const messageBase = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: "4px solid currentColor",
  fontSize: vars.fontSize.sm,
});

/**
 * Completed green, in progress or running yellow, error or failed red, anything else blue (docs/product.md, "Sync
 * messages").
 */
export const syncMessage = styleVariants({
  success: [messageBase, { color: vars.color.success, background: vars.color.successSoft }],
  warning: [messageBase, { color: vars.color.warning, background: vars.color.surfaceMuted }],
  danger: [messageBase, { color: vars.color.danger, background: vars.color.dangerSoft }],
  info: [messageBase, { color: vars.color.primary, background: vars.color.accentSoft }],
});

export const progressTrack = style({
  height: "0.5rem",
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
});

const slide = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(250%)" } });

export const progressFill = style({ height: "100%", background: vars.color.primary, transition: "width 300ms ease" });

/** Before the total is known the bar slides, saying "working" without a figure. */
export const progressUnknown = style([progressFill, { width: "40%", animation: `${slide} 1.2s ease-in-out infinite` }]);

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** About 18rem, then the list scrolls (docs/product.md, "Brand Settings"). */
export const brandScroll = style({
  maxHeight: "18rem",
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});

export const twoColumns = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: "none",
  "@media": { "(max-width: 560px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const brandRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  minWidth: 0,
});

export const brandText = style({ display: "flex", flexDirection: "column", minWidth: 0, flex: 1 });
/** The name and the Active / Inactive label share a line, leaving the domain the row's whole width. */
export const brandTitle = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  columnGap: vars.space.sm,
});

export const brandName = style({ fontWeight: vars.fontWeight.medium, overflowWrap: "anywhere" });
export const brandDomain = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" });

export const brandState = styleVariants({
  active: { fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, color: vars.color.success },
  inactive: { fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, color: vars.color.danger },
});

export const switchTrack = style({
  position: "relative",
  flexShrink: 0,
  width: "2.75rem",
  height: "1.5rem",
  padding: 0,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: {
    '&[aria-checked="true"]': { background: vars.color.success, borderColor: vars.color.success },
    "&:disabled": { cursor: "progress", opacity: 0.7 },
  },
});

export const switchThumb = style({
  position: "absolute",
  top: "2px",
  left: "2px",
  width: "1rem",
  height: "1rem",
  borderRadius: "50%",
  background: vars.color.textMuted,
  transition: "left 120ms ease",
  selectors: {
    [`${switchTrack}[aria-checked="true"] &`]: { left: "1.25rem", background: vars.color.surface },
  },
});

/** Takes the thumb's place while the toggle is pending. */
export const switchSpinner = style({
  position: "absolute",
  top: "2px",
  left: "0.75rem",
  width: "1rem",
  height: "1rem",
  borderWidth: "2px",
});

export const emptyState = style({ textAlign: "center", padding: vars.space.lg, color: vars.color.textMuted });
export const emptyTitle = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text, margin: 0 });

export const readOnlyInput = style({ background: vars.color.surfaceMuted });

export const labelFieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });

export const labelColumn = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const labelRow = style({ display: "flex", alignItems: "center", gap: vars.space.sm });

export const dialogList = style({ margin: 0, paddingLeft: vars.space.lg });

