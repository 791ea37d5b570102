/**
 * Draws the demo mailbox's images (images.json: each brand's logo and offer banner) as PNG files beside this script,
 * in Chromium: `npx tsx emulator/demo-images/generate.mts`. The files are committed; run it again only after
 * changing images.json or the drawings below. Each brand's colour is its monogram's (src/domain/brandLogo.ts), so its
 * logo, its banner and its monogram agree.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { monogramColours, monogramLetters } from "../../src/domain/brandLogo";

interface DemoImages {
  brand: string;
  logo?: string;
  offer?: string;
  headline?: string;
  discount?: string;
}

const folder = dirname(fileURLToPath(import.meta.url));
const images = JSON.parse(readFileSync(join(folder, "images.json"), "utf8")) as DemoImages[];
const FONT = "Liberation Sans, DejaVu Sans, Arial, sans-serif";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A wordmark: the brand's mark (a disc with its letters) and its name, white on its colour. */
function logoSvg({ brand }: DemoImages): string {
  const { background } = monogramColours(brand).light;
  const size = brand.length > 16 ? 26 : 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80">
  <rect width="300" height="80" rx="14" fill="${background}"/>
  <circle cx="40" cy="40" r="24" fill="#ffffff"/>
  <text x="40" y="48" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="22" fill="${background}">${escape(monogramLetters(brand))}</text>
  <text x="76" y="${40 + size * 0.35}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff" textLength="${Math.min(210, brand.length * size * 0.56)}" lengthAdjust="spacingAndGlyphs">${escape(brand)}</text>
</svg>`;
}

/** Words in lines of at most `max` characters (a longer word keeps a line of its own). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [""];
  for (const word of text.split(" ")) {
    if ((lines.at(-1)! + " " + word).trim().length > max && lines.at(-1) !== "") lines.push(word);
    else lines[lines.length - 1] = (lines.at(-1)! + " " + word).trim();
  }
  return lines;
}

/** The banner's words start here and keep this far from its right edge. */
const TEXT_LEFT = 76;
const TEXT_WIDTH = 600 - TEXT_LEFT - 28;
/** A character's advance, about, as a share of the font size: a bold capital's, and a regular lower-case letter's. */
const BOLD_CAPITAL_ADVANCE = 0.7;
const REGULAR_ADVANCE = 0.52;

/** A line no wider than the banner's text width: squeezed to fit when the estimate says it would run over. */
function textLine(text: string, y: number, size: number, bold: boolean): string {
  const fit = text.length * size * (bold ? BOLD_CAPITAL_ADVANCE : REGULAR_ADVANCE) > TEXT_WIDTH ? ` textLength="${TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${TEXT_LEFT}" y="${y}" font-family="${FONT}"${bold ? ' font-weight="700"' : ""} font-size="${size}" fill="#ffffff"${fit}>${escape(text)}</text>`;
}

/**
 * An offer banner: the discount large (on two lines when it is long), the headline below, in the brand's colour with
 * a few shapes of its hue. Every word stays inside the banner, which a card shows whole.
 */
function offerSvg({ brand, headline = "", discount = "" }: DemoImages, index: number): string {
  const { light, dark } = monogramColours(brand);
  const long = discount.length > 12;
  const discountSize = long ? 44 : 60;
  const discountLines = wrap(discount.toUpperCase(), long ? 16 : 12).slice(0, 2);
  const discountTop = long ? 128 : 150;
  const headlineTop = discountTop + (discountLines.length - 1) * 50 + 55;
  const headlineLines = wrap(headline, 30).slice(0, long ? 2 : 3);
  const shapes = index % 2 === 0
    ? `<circle cx="520" cy="60" r="120" fill="${dark.background}" opacity="0.35"/><circle cx="470" cy="300" r="90" fill="#ffffff" opacity="0.12"/>`
    : `<rect x="400" y="-40" width="260" height="260" rx="40" transform="rotate(20 530 90)" fill="${dark.background}" opacity="0.3"/><circle cx="80" cy="320" r="110" fill="#ffffff" opacity="0.1"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="320" viewBox="0 0 600 320">
  <rect width="600" height="320" fill="${light.background}"/>
  ${shapes}
  <text x="${TEXT_LEFT}" y="62" font-family="${FONT}" font-weight="700" font-size="22" fill="#ffffff" opacity="0.9">${escape(brand.toUpperCase())}</text>
  ${discountLines.map((line, row) => textLine(line, discountTop + row * 50, discountSize, true)).join("\n  ")}
  ${headlineLines.map((line, row) => textLine(line, headlineTop + row * 34, 28, false)).join("\n  ")}
</svg>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();
async function draw(svg: string, width: number, height: number, file: string) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.screenshot({ path: join(folder, file), omitBackground: true, clip: { x: 0, y: 0, width, height } });
}
for (const [index, entry] of images.entries()) {
  if (entry.logo) await draw(logoSvg(entry), 300, 80, entry.logo);
  if (entry.offer) await draw(offerSvg(entry, index), 600, 320, entry.offer);
}
await browser.close();
