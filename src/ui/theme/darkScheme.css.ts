import { assignVars, style } from "@vanilla-extract/css";
import { darkColors, vars } from "./theme.css";

/**
 * The dark palette on one subtree, whatever the system's setting: the app follows prefers-color-scheme alone, which a
 * story cannot set, so the stories that are reviewed in both schemes wrap their view in this.
 */
export const darkScheme = style({
  colorScheme: "dark",
  vars: assignVars(vars.color, darkColors),
  background: vars.color.background,
  color: vars.color.text,
  minHeight: "100vh",
});
