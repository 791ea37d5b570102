import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

/** What Deal Finder reads and keeps, before Google's consent: read as a list, so left-aligned. */
export const consentList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  textAlign: "left",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const consentTerm = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text });

export const consentDetail = style({ margin: 0, color: vars.color.textMuted });
