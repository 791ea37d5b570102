import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { MoneyNotation } from "../../../src/domain/money";
import type { SiteDeal } from "../domain/siteMatch";
import { PanelView } from "./PanelView";
import panelCss from "./panel.css?inline";

const deals: SiteDeal[] = [
  {
    id: "d1",
    brand: "Brindlemart",
    brandDomain: "brindlemart.com",
    title: "Spend more, save more",
    discount: "$10 off $50",
    expirationDate: "2026-03-14",
    codes: [
      { code: "SAVE10", condition: "$10 off $50" },
      { code: "SAVE25", condition: "$25 off $100" },
    ],
  },
  { id: "d2", brand: "Brindlemart", brandDomain: "brindlemart.com", title: "Early access", discount: "25% off", expirationDate: null, codes: [{ code: "EARLY25", condition: null }] },
];

const meta = {
  title: "Extension/Checkout panel",
  component: PanelView,
  // On a shop the panel sits in a shadow root with this style sheet; here the style sheet alone is enough.
  decorators: [
    (Story) => (
      <>
        <style>{panelCss}</style>
        <Story />
      </>
    ),
  ],
  args: { deals, today: new Date("2026-03-10T12:00:00Z"), shortcut: "Alt+Shift+D", working: null, outcomes: {}, keptCode: null, summary: null, onApply: fn(), onTryAll: fn(), onDismiss: fn() },
} satisfies Meta<typeof PanelView>;

export default meta;

/** How the shop's total reads: "$95.00". */
const dollars: MoneyNotation = { prefix: "$", suffix: "", decimalMark: ".", groupMark: "" };
type Story = StoryObj<typeof meta>;

export const Codes: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("dialog", { name: "Deal Finder" })).toBeTruthy();
    await userEvent.click(canvas.getByRole("button", { name: "Apply SAVE25" }));
    await expect(args.onApply).toHaveBeenCalledWith("SAVE25");
    await userEvent.click(canvas.getByRole("button", { name: "Try all codes" }));
    await expect(args.onTryAll).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss on this site" }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    await expect(canvas.getByText("Alt+Shift+D").closest("p")?.textContent).toBe("Alt+Shift+D brings you back here from anywhere on the page.");
  },
};

/** The person removed the browser's shortcut for the panel: no hint about keys that do nothing. */
export const WithoutShortcut: Story = {
  args: { shortcut: "" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/brings you back here/)).toBeNull();
  },
};

export const Applying: Story = {
  args: { working: "SAVE10", outcomes: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status").textContent).toBe("Trying SAVE10…");
    await expect((canvas.getByRole("button", { name: "Try all codes" }) as HTMLButtonElement).disabled).toBe(true);
  },
};

export const Applied: Story = {
  args: {
    outcomes: {
      SAVE10: { kind: "applied", code: "SAVE10", saving: 1000, totalAfter: 11000, notation: dollars },
      SAVE25: { kind: "applied", code: "SAVE25", saving: 2500, totalAfter: 9500, notation: dollars },
      EARLY25: { kind: "rejected", code: "EARLY25", message: "This code is not valid." },
    },
    keptCode: "SAVE25",
    summary: "SAVE25 applied: you save $25.00.",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Applied: saves $25.00")).toBeTruthy();
    await expect(canvas.getByText("Also works: saves $10.00")).toBeTruthy();
    await expect(canvas.getByRole("status").textContent).toBe("SAVE25 applied: you save $25.00.");
  },
};

export const Rejected: Story = {
  args: {
    deals: [deals[1]!],
    outcomes: { EARLY25: { kind: "rejected", code: "EARLY25", message: "This code is not valid." } },
    summary: "EARLY25 did not work: This code is not valid.",
  },
};
