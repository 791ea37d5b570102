import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const banner = style({
  position: "sticky",
  top: vars.layout.headerHeight,
  zIndex: 10,
  background: vars.color.accentSoft,
  color: vars.color.text,
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: "center",
  fontSize: vars.fontSize.sm,
});

export const top = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const stats = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
  marginBottom: vars.space.xl,
  padding: 0,
  listStyle: "none",
});

export const statValue = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold, display: "block" });
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const deals = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  columnCount: 4,
  columnGap: vars.space.md,
  "@media": {
    "(max-width: 1100px)": { columnCount: 3 },
    "(max-width: 700px)": { columnCount: 2 },
    "(max-width: 350px)": { columnCount: 1 },
  },
});

export const dealItem = style({ breakInside: "avoid", marginBottom: vars.space.md });

export const dealCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  overflow: "hidden",
});

export const dealImage = style({ display: "block", width: "100%", maxHeight: "500px", objectFit: "cover" });

export const dealBody = style({ padding: vars.space.md, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const dealBrand = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const dealTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const codes = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const codeRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: vars.space.xs,
  paddingLeft: vars.space.sm,
  border: `1px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
});

export const code = style({ fontFamily: vars.font.mono, fontWeight: vars.fontWeight.bold, overflowWrap: "anywhere" });

export const expiry = style({ fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.bold });
export const expiryUrgent = style({ color: vars.color.danger });
