import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

/** Where an offer can be used: a quiet outlined badge, told apart from the discount's by its outline and its words. */
export const channelBadge = style({
  background: vars.color.surfaceMuted,
  color: vars.color.text,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});
