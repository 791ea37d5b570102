import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { BrandSettings } from "./BrandSettings";
import { LOAD_FAILED, MOBILE, NOT_CONNECTED, READY } from "./fixtures";

const meta = {
  title: "Pages/Settings/Brand Settings",
  component: BrandSettings,
  args: { load: READY, pendingBrandIds: new Set<string>(), onToggleBrand: fn() },
} satisfies Meta<typeof BrandSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Brands: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const switches = canvas.getAllByRole("switch");
    // Alphabetical by name, whatever the case.
    await expect(switches).toHaveLength(12);
    const names = switches.map((element) => document.getElementById(element.getAttribute("aria-labelledby")!)!.textContent);
    await expect(names.slice(0, 4)).toEqual(["Adidas", "Brooks Running", "Copper & Cane", "Decathlon"]);
    const nike = canvas.getByRole("switch", { name: "Nike" });
    await expect(nike).toHaveAttribute("aria-checked", "true");
    await expect(canvas.getByRole("switch", { name: "Adidas" })).toHaveAttribute("aria-checked", "false");
    await userEvent.click(nike);
    await expect(args.onToggleBrand).toHaveBeenCalledWith("b1", true);
    nike.focus();
    await userEvent.keyboard(" ");
    await expect(args.onToggleBrand).toHaveBeenCalledTimes(2);
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = canvas.getByPlaceholderText("Search brands by name or domain...");
    await userEvent.type(search, "  NEWS.ADI ");
    await expect(canvas.getAllByRole("switch").map((element) => element.getAttribute("aria-checked"))).toEqual(["false"]);
    await expect(canvas.getByText("news.adidas.com")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "puma");
    await expect(canvas.getByText("No brands match your search")).toBeInTheDocument();
    await expect(canvas.getByText("Try adjusting your search terms")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "   ");
    await expect(canvas.getAllByRole("switch")).toHaveLength(12);
  },
};

export const Pending: Story = {
  args: { pendingBrandIds: new Set(["b1"]) },
  play: async ({ canvasElement }) => {
    const nike = within(canvasElement).getByRole("switch", { name: "Nike" });
    await expect(nike).toBeDisabled();
    await expect(nike).toHaveAttribute("aria-busy", "true");
    await expect(within(canvasElement).getByRole("switch", { name: "Etsy" })).toBeEnabled();
  },
};

export const NoBrands: Story = {
  args: { load: NOT_CONNECTED },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No brands found")).toBeInTheDocument();
    await expect(canvas.getByText("Brands will appear here once you receive emails from them")).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { load: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading brands...")).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { load: LOAD_FAILED },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      "Error: Failed to fetch settings. Please try refreshing the page.",
    );
  },
};

export const BrandsMobile: Story = { ...Brands, ...MOBILE };
export const SearchMobile: Story = { ...Search, ...MOBILE };
export const PendingMobile: Story = { ...Pending, ...MOBILE };
export const NoBrandsMobile: Story = { ...NoBrands, ...MOBILE };
export const LoadingMobile: Story = { ...Loading, ...MOBILE };
export const LoadFailedMobile: Story = { ...LoadFailed, ...MOBILE };
