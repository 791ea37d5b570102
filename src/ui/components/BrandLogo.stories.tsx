import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { monogramColours } from "../../domain/brandLogo";
import { DealPicture } from "../pages/dashboard/DealPicture";
import { sampleDeal } from "../pages/dashboard/fixtures";
import { BrandLogo } from "./BrandLogo";
import { inDarkScheme } from "../storybook/decorators";

/** A wordmark drawn inline for the stories, standing in for a logo the image proxy would serve. */
const WORDMARK = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40"><rect width="150" height="40" rx="8" fill="#1f3a5f"/><text x="75" y="26" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="16" fill="#fff">Fernhollow</text></svg>',
)}`;

const BRANDS = ["Gearloft Parts", "Brindlemart", "Thistle & Thread", "Forkcrest", "Ødegaard Sko", "Vaultpeak VPN"];

interface FacesArgs {
  /** Each brand's logo addresses; none gives its monogram. */
  logoUrls: string[];
  size: number;
}

/** A row of brands as cards show them: each one's logo when it loads, else its monogram. */
function BrandFaces({ logoUrls, size }: FacesArgs) {
  return (
    <div style={{ padding: "1rem", display: "grid", gap: "0.75rem" }}>
      {BRANDS.map((name) => (
        <div key={name} style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
          <BrandLogo name={name} logoUrls={[]} size={size} />
          <span>{name}</span>
        </div>
      ))}
      <div style={{ display: "flex", alignItems: "center", gap: "0.75rem" }}>
        <BrandLogo name="Fernhollow" logoUrls={logoUrls} size={size} />
        <span>Fernhollow</span>
      </div>
      <div style={{ maxWidth: "18rem" }}>
        <DealPicture deal={sampleDeal({ id: "no-picture", brand: "Forkcrest", category: "Travel and Local" })} width={288} />
      </div>
    </div>
  );
}

const DARK = { decorators: [inDarkScheme] };
const PHONE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;

const meta = {
  title: "Global/Brand logo",
  component: BrandFaces,
  args: { logoUrls: [WORDMARK], size: 36 },
} satisfies Meta<typeof BrandFaces>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every brand without a logo gets its letters in its own colour; one with a logo shows it on a white plate. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const monograms = [...canvasElement.querySelectorAll<HTMLElement>("[data-brand-logo='monogram']")];
    // Six brands in the row, and the card picture's badge: the category drawing comes with the brand's monogram.
    expect(monograms.map((monogram) => monogram.textContent)).toEqual(["GP", "B", "TT", "F", "ØS", "VV", "F"]);
    for (const monogram of monograms) await expect(monogram).toHaveAttribute("aria-hidden", "true");
    // The colours are the domain's, whose letters meet AA contrast in both themes (test/unit/domain/brandLogo.test.ts).
    const gearloft = monogramColours("Gearloft Parts");
    expect(monograms[0]!.getAttribute("style")).toContain(gearloft.light.background);
    expect(monograms[0]!.getAttribute("style")).toContain(gearloft.dark.background);
    const logo = canvasElement.querySelector("[data-brand-logo='logo'] img")!;
    await expect(logo).toHaveAttribute("alt", "");
    await expect(canvasElement.querySelector("[data-media='stock']")).not.toBeNull();
    await expect(within(canvasElement).getAllByText("Fernhollow")).toHaveLength(1);
  },
};

export const DesktopDark: Story = { ...DARK, play: Desktop.play };

export const Phone: Story = { ...PHONE, args: { size: 28 }, play: Desktop.play };

export const PhoneDark: Story = { ...PHONE, ...DARK, args: { size: 28 }, play: Desktop.play };

/** A logo the proxy refuses (a pixel, SVG, an unreachable host) gives way to the monogram. */
export const LogoRefused: Story = {
  args: { logoUrls: ["/api/images/refused"] },
  play: async ({ canvasElement }) => {
    const logo = canvasElement.querySelector("[data-brand-logo='logo'] img")!;
    fireEvent.error(logo);
    await waitFor(() => expect(canvasElement.querySelector("[data-brand-logo='logo']")).toBeNull());
    const monograms = [...canvasElement.querySelectorAll("[data-brand-logo='monogram']")].map((monogram) => monogram.textContent);
    expect(monograms).toContain("F");
    expect(monograms).toHaveLength(8);
  },
};

export const LogoRefusedDark: Story = { ...DARK, args: LogoRefused.args, play: LogoRefused.play };
