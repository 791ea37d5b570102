import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** The brand's logo or monogram in the top corner of the offer's image (whose words usually start on the left) or the category's drawing. */
export const badge = style({ position: "absolute", right: vars.space.sm, top: vars.space.sm, display: "flex", boxShadow: vars.shadow.card, borderRadius: vars.radius.md });

/** A logo as the card's picture: on a white plate (logos are drawn for light backgrounds), never cropped. */
export const logoStage = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "62%",
  height: "72%",
  padding: vars.space.sm,
  background: "#ffffff",
  borderRadius: vars.radius.md,
  boxShadow: `0 0 0 1px ${vars.color.border}`,
});

export const logoImage = style({ display: "block", maxWidth: "100%", maxHeight: "100%", objectFit: "contain", transition: "opacity 0.2s" });
