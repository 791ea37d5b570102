import { createVar, style } from "@vanilla-extract/css";
import { darkScheme } from "../theme/darkScheme.css";
import { vars } from "../theme/theme.css";

/** The brand's monogram colours (src/domain/brandLogo.ts), set per brand on the element. */
export const monogramLight = createVar();
export const monogramLightText = createVar();
export const monogramDark = createVar();
export const monogramDarkText = createVar();

const disc = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  borderRadius: vars.radius.md,
  overflow: "hidden",
  // A thin ring keeps a white logo or a pale disc apart from a card of the same colour.
  boxShadow: `0 0 0 1px ${vars.color.border}`,
});

/** A logo sits on a white plate in both themes: most logos are drawn for a light background. */
export const logoPlate = style([disc, { background: "#ffffff", padding: "3px" }]);

export const logoImage = style({ display: "block", width: "auto", maxWidth: "100%", height: "100%", objectFit: "contain", borderRadius: vars.radius.sm });

export const monogram = style([
  disc,
  {
    background: monogramLight,
    color: monogramLightText,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.bold,
    letterSpacing: "0.02em",
    lineHeight: 1,
    "@media": { "(prefers-color-scheme: dark)": { background: monogramDark, color: monogramDarkText } },
    selectors: { [`${darkScheme} &`]: { background: monogramDark, color: monogramDarkText } },
  },
]);
