import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";
import { input, VISUALLY_HIDDEN } from "../../components/primitives.css";
import { OFFER_PICTURE_RATIO, type PictureFit } from "../../../domain/dealPicture";
import { MOBILE_MEDIA } from "./layout";

/** Phones: the dashboard's top folds into a few compact rows, so the first deal is on the first screen. */

export const top = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  "@media": { [MOBILE_MEDIA]: { flexWrap: "nowrap", gap: vars.space.sm, marginBottom: vars.space.sm } },
});

export const greeting = style({
  fontSize: vars.fontSize.xxl,
  margin: 0,
  minWidth: 0,
  "@media": { [MOBILE_MEDIA]: { fontSize: vars.fontSize.lg } },
});

export const refreshRow = style({ display: "flex", alignItems: "center", flex: "none" });

/**
 * 'Updating...' keeps its room whether it shows or not: a row that widened and narrowed with it rewrapped the greeting
 * and moved the whole page (a layout shift on every load). On a phone, where that room is the greeting's, it is only
 * announced; the disabled Refresh shows it.
 */
export const updating = style({
  marginLeft: vars.space.sm,
  minWidth: "6.5em",
  "@media": {
    [MOBILE_MEDIA]: { ...VISUALLY_HIDDEN, minWidth: 0 },
  },
});

/** Four cards in a row on a desktop, two by two on a tablet, and one compact row of figures on a phone. */
export const stats = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  marginBottom: vars.space.lg,
  padding: 0,
  listStyle: "none",
  "@media": {
    "(max-width: 900px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: vars.space.sm },
    [MOBILE_MEDIA]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: vars.space.xs, marginBottom: vars.space.sm },
  },
});

const statBase = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  width: "100%",
  height: "100%",
  textAlign: "left",
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  font: "inherit",
  "@media": { [MOBILE_MEDIA]: { gap: 0, padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.md, boxShadow: "none" } },
});

export const stat = styleVariants({
  plain: [statBase],
  // A phone hides the toggle's words for room, so its border says it can be pressed.
  toggle: [statBase, { cursor: "pointer", selectors: { "&:hover": { borderColor: vars.color.primary } }, "@media": { [MOBILE_MEDIA]: { borderColor: vars.color.primary } } }],
  active: [statBase, { cursor: "pointer", borderColor: vars.color.primary, background: vars.color.accentSoft, borderWidth: 2 }],
});

export const statValue = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  "@media": { [MOBILE_MEDIA]: { fontSize: vars.fontSize.lg } },
});
export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  "@media": { [MOBILE_MEDIA]: { fontSize: "0.6875rem", lineHeight: vars.lineHeight.tight } },
});
export const statFoot = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  selectors: { "&:empty": { display: "none" } },
});
export const statToggleHint = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold, color: vars.color.primary });
export const deltaUp = style({ color: vars.color.success, fontWeight: vars.fontWeight.bold });
export const deltaDown = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });

/** Words a phone leaves to screen readers, for room: "vs last month", the toggle's "Show only these". */
export const phoneHidden = style({
  "@media": { [MOBILE_MEDIA]: VISUALLY_HIDDEN },
});

export const filters = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  "@media": { [MOBILE_MEDIA]: { gap: vars.space.xs, marginBottom: vars.space.sm } },
});

/** On a phone the box shares its row with the sort menu: its placeholder ends in an ellipsis rather than mid-letter. */
export const search = style([
  input,
  { width: "100%", borderRadius: vars.radius.pill, textOverflow: "ellipsis", "@media": { [MOBILE_MEDIA]: { paddingInline: vars.space.md } } },
]);

/** Search and sort on one row, on a phone too (its "Sort by" then left to screen readers). */
export const searchRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, "@media": { [MOBILE_MEDIA]: { flexWrap: "nowrap" } } });
export const searchBox = style({ flex: "1 1 16rem", minWidth: 0, "@media": { [MOBILE_MEDIA]: { flexBasis: "auto" } } });
export const sortField = style({ display: "flex", alignItems: "center", gap: vars.space.xs, flex: "none" });
export const sortLabel = style([phoneHidden, { fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.textMuted }]);
export const sortSelect = style([
  input,
  {
    width: "auto",
    borderRadius: vars.radius.pill,
    paddingRight: vars.space.lg,
    // The phone's type stays 16 px: smaller, and iOS zooms into the field when it is focused.
    "@media": { [MOBILE_MEDIA]: { paddingLeft: vars.space.sm, paddingRight: vars.space.xs } },
  },
]);

export const chips = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  listStyle: "none",
  margin: 0,
  padding: 0,
  // On a phone the chips scroll sideways in one row, and a swipe over the deals moves between them.
  "@media": {
    [MOBILE_MEDIA]: { flexWrap: "nowrap", overflowX: "auto", paddingBottom: vars.space.xs, scrollbarWidth: "thin" },
  },
});

export const chipItem = style({ flex: "none" });

const chipBase = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "2.25rem",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
});

export const chip = styleVariants({
  off: [chipBase, { selectors: { "&:hover": { borderColor: vars.color.primary } } }],
  on: [chipBase, { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary }],
  more: [chipBase, { borderStyle: "dashed" }],
});

export const chipCount = style({ fontSize: vars.fontSize.xs, opacity: 0.85 });

export const swipeArea = style({ position: "relative", touchAction: "pan-y" });

export const swipeIndicator = style({
  position: "fixed",
  top: "50%",
  zIndex: 20,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.text,
  color: vars.color.background,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  boxShadow: vars.shadow.raised,
  pointerEvents: "none",
});

export const swipeIndicatorSide = styleVariants({
  next: { right: vars.space.md },
  previous: { left: vars.space.md },
});

export const grid = style({ position: "relative", width: "100%" });

/** A row of cards, as wide as the grid; the row holding focus (an open menu) is drawn over the rows below it. */
export const gridRow = style({
  position: "absolute",
  top: 0,
  left: 0,
  width: "100%",
  display: "grid",
  gap: "16px",
  alignItems: "stretch",
  selectors: { "&:focus-within": { zIndex: 2 } },
});

/** A card's cell, the grid's one Tab stop; scrolled to clear the sticky header and banner when focus lands on it. */
export const gridCell = style({
  minWidth: 0,
  borderRadius: vars.radius.lg,
  scrollMarginTop: "7rem",
  scrollMarginBottom: vars.space.md,
  selectors: { "&:focus-visible": { outlineOffset: "3px" } },
});

/** Not clipped (the card's menu opens over its edges): the media's frame rounds the top corners instead. */
export const dealCard = style({
  height: "100%",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  position: "relative",
});

/** The card's content in a column, so the shop link and the menu sit at the bottom of every card of a row. */
export const dealCardInner = style({ height: "100%", display: "flex", flexDirection: "column" });

export const mediaFrame = style({ overflow: "hidden", borderRadius: `calc(${vars.radius.lg} - 1px) calc(${vars.radius.lg} - 1px) 0 0` });

export const dealCardCopied = style({ outline: `2px solid ${vars.color.success}`, outlineOffset: 2 });

export const dealCardHidden = style({ opacity: 0.45, filter: "grayscale(1)" });

export const hiddenNote = style({
  position: "absolute",
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.text,
  color: vars.color.background,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

/**
 * A fixed-ratio media area: the card's height never depends on an image loading, so nothing below it moves (no layout
 * shift, and the virtualised grid's measurements hold).
 */
export const media = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  aspectRatio: String(OFFER_PICTURE_RATIO),
  maxHeight: "500px",
  overflow: "hidden",
  background: vars.color.surfaceMuted,
});

/** A deal that never had an image of its own gets a short band, so stock art never dominates a row. */
export const mediaBand = style([media, { aspectRatio: "3 / 1" }]);

const shimmer = keyframes({ "0%": { backgroundPosition: "100% 0" }, "100%": { backgroundPosition: "-100% 0" } });

/** The skeleton while the image loads; still for people who asked for less motion. */
export const skeleton = style({
  backgroundImage: `linear-gradient(90deg, transparent 25%, ${vars.color.border} 50%, transparent 75%)`,
  backgroundSize: "200% 100%",
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", backgroundImage: "none" } },
});

export const mediaImage = style({ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover", transition: "opacity 0.2s" });
/** How an offer's image fills its box, by its shape (offerPictureFit in src/domain/dealPicture.ts). */
export const mediaImageFit: Readonly<Record<PictureFit, string>> = styleVariants({
  whole: { objectFit: "contain" },
  fromTop: { objectPosition: "top" },
  fill: {},
});
export const mediaImageLoading = style({ opacity: 0 });

/** Stock art as a modest picture on its category's tint, not a full-bleed photo: about half the box's height. */
export const stockImage = style({
  width: "45%",
  height: "auto",
  aspectRatio: "3 / 2",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  selectors: { [`${mediaBand} > &`]: { width: "27%" } },
});

/** Each category's hue (by category id), mixed lightly into the surface, light and dark themes alike, behind its stock art. */
const CATEGORY_HUES = {
  automotive: "#64748b",
  beauty: "#db2777",
  health: "#059669",
  pets: "#d97706",
  shopping: "#4f46e5",
  home: "#a16207",
  finance: "#0f766e",
  fashion: "#9333ea",
  "travel-and-local": "#0284c7",
  "software-and-apps": "#2563eb",
  others: "#6b7280",
};

/** Keyed by category id; an unknown one takes the Others tint. */
export const mediaTint: Readonly<Record<string, string>> = styleVariants(CATEGORY_HUES, (hue) => ({
  background: `color-mix(in srgb, ${hue} 22%, ${vars.color.surface})`,
}));

export const dealBody = style({
  flex: 1,
  padding: vars.space.md,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  "@media": { [MOBILE_MEDIA]: { padding: vars.space.sm, gap: vars.space.xs } },
});

/** At most `lines` lines of a card's longer texts; the Details show them whole. */
const clamped = (lines: number) => ({ display: "-webkit-box", WebkitLineClamp: lines, WebkitBoxOrient: "vertical", overflow: "hidden" }) as const;

// On a narrow card the expiry badge wraps below the brand rather than squeezing it.
export const dealHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.xs });

export const dealBrand = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium, overflowWrap: "break-word", minWidth: 0 });

export const dealTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold, margin: 0, lineHeight: vars.lineHeight.tight, overflowWrap: "break-word" });

/** The price line: the headline discount, and room beside it for was/now prices. */
export const priceLine = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space.xs });

export const dealDescription = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, ...clamped(2) });

export const codes = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const codeRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: vars.space.xs,
  paddingLeft: vars.space.sm,
  border: `1px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
});

export const code = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold, overflowWrap: "anywhere" });

export const codeText = style({ minWidth: 0, overflowWrap: "anywhere" });

export const codeCondition = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The fine print, compact: one small paragraph. */
export const terms = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

/** On a card the fine print is two lines at most; the Details have it whole. */
export const cardTerms = style([terms, clamped(2)]);
export const termsLabel = style({ fontWeight: vars.fontWeight.bold });

const expiryBase = style({ flex: "none", whiteSpace: "nowrap" });

/**
 * The expiry badge on an urgency scale, its words saying the same (never colour alone); every pair at least 4.5:1 in
 * both themes: today or tomorrow solid red, within 3 days amber, later calm green, no date and expired neutral.
 */
export const expiry = styleVariants({
  urgent: [expiryBase, { color: vars.color.surface, background: vars.color.danger }],
  soon: [expiryBase, { color: vars.color.warning, background: `color-mix(in srgb, ${vars.color.warning} 14%, ${vars.color.surface})` }],
  later: [expiryBase, { color: vars.color.success, background: vars.color.successSoft }],
  undated: [expiryBase, { color: vars.color.textMuted, background: vars.color.surfaceMuted }],
  expired: [expiryBase, { color: vars.color.textMuted, background: vars.color.surfaceMuted }],
});

export const dealFoot = style({ marginTop: "auto", display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });

/** The shop's link, as large a target as the menu button beside it. */
export const shopLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "2.75rem",
  minWidth: 0,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
});

export const empty = style({ textAlign: "center", padding: `${vars.space.xl} ${vars.space.md}`, color: vars.color.textMuted });

export const confirm = style({
  position: "fixed",
  left: vars.space.md,
  right: vars.space.md,
  bottom: vars.space.md,
  zIndex: 30,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
});

export const confirmActions = style({ display: "flex", gap: vars.space.sm, justifyContent: "flex-end" });

export const welcome = style({ display: "flex", flexDirection: "column", gap: vars.space.md, alignItems: "flex-start", maxWidth: "40rem" });

/** An empty mailbox's next steps, under the welcome panel's sync action. */
export const nextSteps = style({ width: "100%", borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
export const nextStepsTitle = style({ fontSize: vars.fontSize.lg, marginBottom: vars.space.sm });
export const nextStepsList = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, paddingLeft: "1.25rem", margin: 0, overflowWrap: "anywhere" });
