import { useState, type CSSProperties } from "react";
import { monogramColours, monogramLetters } from "../../domain/brandLogo";
import * as styles from "./BrandLogo.css";

export interface BrandLogoProps {
  /** The brand's name: its monogram's letters and colour. */
  name: string;
  /** Image proxy paths of its logo, tried in turn; the monogram when none loads. */
  logoUrls: readonly string[];
  /** Width and height in CSS pixels. */
  size: number;
}

const MAX_LOGO_WIDTH_RATIO = 2.5;

/**
 * A brand's logo on a white plate, or its lettered monogram in the brand's own colour. Decorative: the brand's name is
 * always written beside it.
 */
export function BrandLogo({ name, logoUrls, size }: BrandLogoProps) {
  const [attempt, setAttempt] = useState(0);
  const box = { width: size, height: size };
  const src = logoUrls[attempt];
  if (src !== undefined) {
    // A wordmark keeps its shape: as tall as a monogram, as wide as it needs up to a few times that.
    return (
      <span className={styles.logoPlate} style={{ height: size, maxWidth: size * MAX_LOGO_WIDTH_RATIO }} data-brand-logo="logo">
        <img key={src} className={styles.logoImage} src={src} alt="" decoding="async" onError={() => setAttempt(attempt + 1)} />
      </span>
    );
  }
  const colours = monogramColours(name);
  const inline = {
    [propertyOf(styles.monogramLight)]: colours.light.background,
    [propertyOf(styles.monogramLightText)]: colours.light.text,
    [propertyOf(styles.monogramDark)]: colours.dark.background,
    [propertyOf(styles.monogramDarkText)]: colours.dark.text,
  } as CSSProperties;
  return (
    <span className={styles.monogram} style={{ ...box, ...inline, fontSize: Math.round(size * 0.4) }} data-brand-logo="monogram" aria-hidden="true">
      {monogramLetters(name)}
    </span>
  );
}

/** The custom property a vanilla-extract variable ("var(--x)") names, to set it inline. */
function propertyOf(variable: string): string {
  return variable.slice("var(".length, -1);
}
