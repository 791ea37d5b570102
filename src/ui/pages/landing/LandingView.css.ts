import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css";

export const hero = style({
  padding: `${vars.space.xxxl} ${vars.space.md}`,
  textAlign: "center",
  background: `linear-gradient(180deg, ${vars.color.accentSoft} 0%, ${vars.color.background} 100%)`,
});

export const heroInner = style({
  maxWidth: "46rem",
  margin: "0 auto",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  alignItems: "center",
});

/** Centred under the centred text, also when the two buttons wrap onto two lines on a phone. */
export const heroActions = style({ justifyContent: "center" });

export const heroTitle = style({ fontSize: vars.fontSize.display, letterSpacing: "-0.02em" });

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, margin: 0 });

export const section = style({
  maxWidth: vars.layout.maxWidth,
  margin: "0 auto",
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const sectionTitle = style({ fontSize: vars.fontSize.xxl, textAlign: "center", marginBottom: vars.space.xl });

export const steps = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(15rem, 100%), 1fr))",
});

export const stepNumber = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "2.5rem",
  height: "2.5rem",
  borderRadius: "50%",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space.sm,
});

export const promo = style({
  display: "grid",
  gap: vars.space.xl,
  alignItems: "center",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(18rem, 100%), 1fr))",
});

export const featureList = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.sm });

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.lg} ${vars.space.md}`,
  textAlign: "center",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const promoTitle = style({ fontSize: vars.fontSize.xxl });

export const footerLinks = style({ justifyContent: "center" });
