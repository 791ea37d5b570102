import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { CheckoutCode, ShowAtCheckout, type CheckoutDeal } from "./CheckoutCode";
import { DESKTOP, PHONE, VIEWPORTS } from "./stories";
import { inDarkScheme } from "../../storybook/decorators";

const deal: CheckoutDeal = {
  id: "deal-1",
  title: "20% off in store this week",
  brand: "Example Outfitters",
  promoCode: "STORE20",
  codeConditions: [{ code: "STORE20", condition: "$10 off $50" }],
  barcode: { kind: "digits", value: "4006381333931" },
};
const { barcode: _barcode, ...withoutBarcode } = deal;

const meta = {
  title: "Pages/Dashboard/Show at checkout",
  component: CheckoutCode,
  parameters: VIEWPORTS,
  args: { deal, onClose: fn() },
} satisfies Meta<typeof CheckoutCode>;

export default meta;
type Story = StoryObj<typeof meta>;


const screenIn = (canvasElement: HTMLElement) => within(canvasElement).getByRole("dialog", { name: "Example Outfitters: show at checkout" });

/** The code large in a monospace face, its condition, the barcode drawn from the mail's digits; Done closes. */
const showsCodeAndBarcode: Story["play"] = async ({ canvasElement, args }) => {
  const screen = within(screenIn(canvasElement));
  const code = screen.getByText("STORE20", { selector: "code" });
  await expect(code).toBeVisible();
  await expect(screen.getByText("$10 off $50")).toBeVisible();
  const barcode = screen.getByRole("figure", { name: "Barcode 4006381333931" });
  // Drawn as an EAN-13 once JsBarcode has loaded: its bars are rectangles in the SVG.
  await waitFor(() => expect(barcode).toHaveAttribute("data-drawn", "true"));
  await expect(barcode.querySelectorAll("svg rect").length).toBeGreaterThan(20);
  await expect(within(barcode).getByText("4006381333931")).toBeVisible();
  await userEvent.click(screen.getByRole("button", { name: "Done" }));
  await expect(args.onClose).toHaveBeenCalledTimes(1);
};

export const PhoneLight: Story = { ...PHONE, play: showsCodeAndBarcode };
export const PhoneDark: Story = { ...PHONE, decorators: [inDarkScheme], play: showsCodeAndBarcode };
export const DesktopLight: Story = { ...DESKTOP, play: showsCodeAndBarcode };
export const DesktopDark: Story = { ...DESKTOP, decorators: [inDarkScheme], play: showsCodeAndBarcode };

/** The mail's own barcode image, through our image proxy, when it gave no digits. */
export const BarcodeImage: Story = {
  ...PHONE,
  args: { deal: { ...deal, barcode: { kind: "image", url: `/api/images/${"a".repeat(43)}/aHR0cHM6Ly9leGFtcGxlLmNvbS9iYXJjb2RlLnBuZw` } } },
  play: async ({ canvasElement }) => {
    const screen = within(screenIn(canvasElement));
    await expect(screen.getByRole("img", { name: "The barcode from the email" })).toHaveAttribute("src", expect.stringMatching(/^\/api\/images\//));
    await expect(screen.queryByRole("figure")).toBeNull();
  },
};

/** A barcode image from anywhere but our proxy is never loaded: the code alone shows. */
export const BarcodeImageNotProxied: Story = {
  ...DESKTOP,
  args: { deal: { ...deal, barcode: { kind: "image", url: "https://tracker.example.com/barcode.png" } } },
  play: async ({ canvasElement }) => {
    const screen = within(screenIn(canvasElement));
    await expect(screen.queryByRole("img")).toBeNull();
    await expect(screen.getByText("STORE20", { selector: "code" })).toBeVisible();
  },
};

/** The entry in a deal's Details: it opens the cashier's view, and Done gives focus back to it. */
export const FromDetails: StoryObj<typeof ShowAtCheckout> = {
  ...PHONE,
  render: () => <ShowAtCheckout deal={deal} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const entry = canvas.getByRole("button", { name: "Show at checkout" });
    await userEvent.click(entry);
    const screen = within(canvas.getByRole("dialog", { name: "Example Outfitters: show at checkout" }));
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await expect(entry).toHaveFocus();
  },
};

/** A sale without a code or a barcode has nothing to show a cashier, so no entry. */
export const NothingToShow: StoryObj<typeof ShowAtCheckout> = {
  ...DESKTOP,
  render: () => <ShowAtCheckout deal={{ ...withoutBarcode, promoCode: null, codeConditions: [] }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: "Show at checkout" })).toBeNull();
  },
};
