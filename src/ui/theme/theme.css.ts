import { assignVars, createGlobalTheme, createGlobalThemeContract, globalStyle } from "@vanilla-extract/css";

/** Design tokens as CSS custom properties, light by default and dark when the system asks for it. */
export const vars = createGlobalThemeContract(
  {
    color: {
      background: null,
      surface: null,
      surfaceMuted: null,
      text: null,
      textMuted: null,
      border: null,
      primary: null,
      primaryHover: null,
      onPrimary: null,
      accentSoft: null,
      success: null,
      successSoft: null,
      warning: null,
      danger: null,
      dangerSoft: null,
      focus: null,
      overlay: null,
    },
    space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
    font: { body: null, heading: null, mono: null },
    fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
    fontWeight: { regular: null, medium: null, bold: null },
    lineHeight: { tight: null, body: null },
    radius: { sm: null, md: null, lg: null, pill: null },
    shadow: { card: null, raised: null },
    layout: { maxWidth: null, headerHeight: null },
  },
  (_value, path) => `df-${path.join("-")}`,
);

const lightColors = {
  background: "#f8fafc",
  surface: "#ffffff",
  surfaceMuted: "#f1f5f9",
  text: "#0f172a",
  textMuted: "#475569",
  border: "#cbd5e1",
  primary: "#4338ca",
  primaryHover: "#3730a3",
  onPrimary: "#ffffff",
  accentSoft: "#e0e7ff",
  success: "#166534",
  successSoft: "#dcfce7",
  warning: "#854d0e",
  danger: "#b91c1c",
  dangerSoft: "#fee2e2",
  focus: "#2563eb",
  overlay: "rgba(15, 23, 42, 0.5)",
};

/** The palette the system's dark setting picks; exported so that Storybook can show a view in it whatever the system's. */
export const darkColors: typeof lightColors = {
  background: "#0b1120",
  surface: "#111827",
  surfaceMuted: "#1e293b",
  text: "#f1f5f9",
  textMuted: "#cbd5e1",
  border: "#334155",
  primary: "#a5b4fc",
  primaryHover: "#c7d2fe",
  onPrimary: "#0b1120",
  accentSoft: "#312e81",
  success: "#86efac",
  successSoft: "#14532d",
  warning: "#fde68a",
  danger: "#fca5a5",
  dangerSoft: "#7f1d1d",
  focus: "#93c5fd",
  overlay: "rgba(0, 0, 0, 0.6)",
};

createGlobalTheme(":root", vars, {
  color: lightColors,
  space: {
    xxs: "0.125rem",
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2rem",
    xxl: "3rem",
    xxxl: "4.5rem",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: "0.75rem",
    sm: "0.875rem",
    md: "1rem",
    lg: "1.25rem",
    xl: "1.5rem",
    xxl: "2rem",
    display: "clamp(2.25rem, 5vw, 3.5rem)",
  },
  fontWeight: { regular: "400", medium: "500", bold: "700" },
  lineHeight: { tight: "1.2", body: "1.6" },
  radius: { sm: "0.375rem", md: "0.625rem", lg: "1rem", pill: "999px" },
  shadow: {
    card: "0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.1)",
    raised: "0 10px 25px rgba(15, 23, 42, 0.15)",
  },
  layout: { maxWidth: "72rem", headerHeight: "4rem" },
});

globalStyle(":root", {
  colorScheme: "light dark",
  "@media": { "(prefers-color-scheme: dark)": { vars: assignVars(vars.color, darkColors) } },
});

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.background,
});

globalStyle("h1, h2, h3, h4", { fontFamily: vars.font.heading, lineHeight: vars.lineHeight.tight, margin: 0 });

globalStyle("a", { color: vars.color.primary });

globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

/** The main region takes focus after navigation only to move the reading position; it is not a control. */
globalStyle("main:focus", { outline: "none" });

/** Important: a component's own transition is a class rule, which would outrank a bare "*" otherwise. */
globalStyle("*, *::before, *::after", {
  "@media": {
    "(prefers-reduced-motion: reduce)": { animationDuration: "0.01ms !important", transitionDuration: "0.01ms !important" },
  },
});
