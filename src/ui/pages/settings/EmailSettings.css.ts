import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** The report's day, hour and the time zone, side by side where there is room. */
export const whenFields = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(11rem, 100%), 1fr))",
  gap: vars.space.md,
});

export const switchRows = style({ display: "grid", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });

export const offer = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.sm}`, fontSize: vars.fontSize.sm });

export const testRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.sm} ${vars.space.md}` });
