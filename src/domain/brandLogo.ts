import { unitFromText } from "./stockImages";

/**
 * A brand's face (docs/product.md, "Brand logos"): its logo from the best evidence its mail or site gives, judged by
 * these rules, else a lettered monogram in a colour of its own.
 */

/** Where a stored logo came from, best first: the sender's schema.org Organization.logo, then its mail's header image. */
export type LogoEvidence = "markup" | "header";

/** A higher rank replaces a lower one; a logo of the same rank stays (the first found). */
export const LOGO_EVIDENCE_RANK: Readonly<Record<LogoEvidence, number>> = { markup: 2, header: 1 };

/** Smaller than this is a spacer or a tracking pixel, never a logo. */
export const MIN_LOGO_SIDE = 16;
/** A wordmark is wide, but a strip wider than this is a banner or a divider. */
export const MAX_LOGO_ASPECT_RATIO = 8;
export const MIN_LOGO_ASPECT_RATIO = 1 / 3;

/** True when an image of this real size may stand for a brand. */
export function isAcceptableLogoSize({ width, height }: { width: number; height: number }): boolean {
  if (width < MIN_LOGO_SIDE || height < MIN_LOGO_SIDE) return false;
  const ratio = width / height;
  return ratio <= MAX_LOGO_ASPECT_RATIO && ratio >= MIN_LOGO_ASPECT_RATIO;
}

/** One or two letters for a brand's name: the first of its first two words ("Gearloft Parts" -> "GP"). */
export function monogramLetters(name: string): string {
  const words = name.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toLocaleUpperCase("en"));
  return letters.join("") || "?";
}

export interface MonogramColours {
  /** The disc and its letters on the light theme. */
  light: { background: string; text: string };
  /** The disc and its letters on the dark theme. */
  dark: { background: string; text: string };
}

/** WCAG AA for normal text. */
export const MIN_MONOGRAM_CONTRAST = 4.5;
const LIGHT_TEXT = "#ffffff";
const DARK_TEXT = "#0f172a";

/**
 * A brand's colours, the same for its name wherever it is shown: a hue from the name, a deep shade under white
 * letters on the light theme and a pale one under dark letters on the dark theme, each at least AA contrast.
 */
export function monogramColours(name: string): MonogramColours {
  const hue = Math.floor(unitFromText(name.trim().toLowerCase()) * 360);
  let light = hslToHex(hue, 0.62, 0.42);
  for (let lightness = 0.42; contrastRatio(light, LIGHT_TEXT) < MIN_MONOGRAM_CONTRAST; lightness -= 0.02) light = hslToHex(hue, 0.62, lightness);
  let dark = hslToHex(hue, 0.7, 0.7);
  for (let lightness = 0.7; contrastRatio(dark, DARK_TEXT) < MIN_MONOGRAM_CONTRAST; lightness += 0.02) dark = hslToHex(hue, 0.7, lightness);
  return { light: { background: light, text: LIGHT_TEXT }, dark: { background: dark, text: DARK_TEXT } };
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const l = Math.min(1, Math.max(0, lightness));
  const a = saturation * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
