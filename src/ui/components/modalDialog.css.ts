import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css";

/** A native modal dialog's box and backdrop: the confirmations and the sign-out question share it. */
export const modalDialog = style({
  width: "min(30rem, calc(100vw - 2rem))",
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: { "&::backdrop": { background: vars.color.overlay } },
  "@media": { "(max-width: 480px)": { padding: vars.space.md } },
});
