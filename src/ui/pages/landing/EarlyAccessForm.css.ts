import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const form = style({
  maxWidth: "32rem",
  margin: "0 auto",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
});

export const required = style({ color: vars.color.danger });
