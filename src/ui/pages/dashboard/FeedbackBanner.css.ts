import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** Where the banner says only the short version, so it stays one line. */
const PHONE = "(max-width: 640px)";

/** Sticky right below the header, which is one row of a fixed height at every width, so it never covers it. */
export const banner = style({
  position: "sticky",
  top: vars.layout.headerHeight,
  zIndex: 10,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  background: vars.color.accentSoft,
  color: vars.color.text,
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [PHONE]: { padding: `0 ${vars.space.xs}`, gap: vars.space.xs } },
});

export const text = style({
  flex: "1 1 auto",
  minWidth: 0,
  textAlign: "center",
  "@media": { [PHONE]: { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" } },
});

export const long = style({ "@media": { [PHONE]: { display: "none" } } });
export const short = style({ "@media": { "(min-width: 641px)": { display: "none" } } });

export const link = style({ color: vars.color.text, fontWeight: vars.fontWeight.bold });

export const dismiss = style({
  flex: "none",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: "pointer",
  borderRadius: vars.radius.md,
});
