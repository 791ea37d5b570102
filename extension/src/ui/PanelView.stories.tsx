import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { codeOffersOf, planRun, standingOf } from "../domain/cartConditions";
import { parseAmount, type MoneyNotation } from "../../../src/domain/money";
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
  args: {
    deals,
    today: new Date("2026-03-10T12:00:00Z"),
    shortcut: "Alt+Shift+D",
    working: null,
    outcomes: {},
    keptCode: null,
    summary: null,
    standings: {},
    order: [],
    onApply: fn(),
    onTryAll: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof PanelView>;

export default meta;

/** How the shop's total reads: "$95.00". */
const dollars: MoneyNotation = { prefix: "$", suffix: "", decimalMark: ".", groupMark: "" };
type Story = StoryObj<typeof meta>;

/** A code's line adds its condition or the deal's discount only when the title does not already say it. */
export const TitleAlreadySaysTheDiscount: Story = {
  args: {
    deals: [
      { ...deals[0]!, codes: [{ code: "SAVE10", condition: "$10 off $50" }] },
      { ...deals[1]!, title: "Early access: 25% off home essentials" },
      { id: "d3", brand: "Brindlemart", brandDomain: "brindlemart.com", title: "Welcome: $15 off your first order", discount: "$15 off", expirationDate: null, codes: [{ code: "WELCOME15", condition: "$15 off first order" }] },
    ],
  },
  play: async ({ canvasElement }) => {
    const lineOf = (code: string) => within(canvasElement).getByText(code).closest("li")!.querySelector(".deal")!.textContent;
    await expect(lineOf("SAVE10")).toBe("Spend more, save more · $10 off $50");
    await expect(lineOf("EARLY25")).toBe("Early access: 25% off home essentials");
    await expect(lineOf("WELCOME15")).toBe("Welcome: $15 off your first order");
  },
};

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

/** Brindlemart's codes as the demo mailbox gives them: three tiers, and a welcome code for new customers only. */
const conditionDeals: SiteDeal[] = [
  {
    id: "tiers",
    brand: "Brindlemart",
    brandDomain: "brindlemart.com",
    title: "Spend more, save more",
    discount: "up to $60 off",
    expirationDate: "2026-03-14",
    codes: [
      { code: "SAVE10", condition: "$10 off $50+" },
      { code: "SAVE25", condition: "$25 off $100+" },
      { code: "SAVE60", condition: "$60 off $200+" },
    ],
    terms: ["Excludes gift cards and marketplace sellers"],
  },
  {
    id: "welcome",
    brand: "Brindlemart",
    brandDomain: "brindlemart.com",
    title: "Welcome to Brindlemart",
    discount: "$15 off",
    expirationDate: null,
    codes: [{ code: "WELCOME15", condition: "$15 off first order" }],
    terms: ["New customers only"],
  },
];

/** The panel's props for a cart, worked out by the same rules the container uses. */
function withCart(total: string | null) {
  const offers = codeOffersOf(conditionDeals);
  const cart = total === null ? null : parseAmount(total);
  const plan = planRun(offers, cart);
  return {
    deals: conditionDeals,
    standings: Object.fromEntries(offers.map((offer) => [offer.code, standingOf(offer, cart)])),
    order: [...plan.tryOrder, ...plan.skipped.map((skip) => skip.code)],
  };
}

const listedCodes = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll("code")].map((code) => code.textContent);
const rowOf = (canvasElement: HTMLElement, code: string) => within([...canvasElement.querySelectorAll("li")].find((row) => row.querySelector("code")?.textContent === code)!);

/** Review in the dark palette, whatever the system's: the page behind is dark too. */
const dark: Decorator = (Story) => (
  <div className="darkScheme" style={{ minHeight: "100vh", background: "#030712" }}>
    <Story />
  </div>
);

/** A $120 cart: SAVE60 needs $200, so it is skipped with what is missing, and can still be tried by hand. */
export const SkippedWithReason: Story = {
  args: { ...withCart("$120.00"), summary: "SAVE25 applied: you save $25.00. Skipped SAVE60: needs $200+, your cart is $120: add $80." },
  play: async ({ canvasElement, args }) => {
    const row = rowOf(canvasElement, "SAVE60");
    await expect(row.getByText("Skipped: needs $200+, your cart is $120: add $80")).toBeTruthy();
    await userEvent.click(row.getByRole("button", { name: "Apply SAVE60" }));
    await expect(args.onApply).toHaveBeenCalledWith("SAVE60");
    // Still enabled, and it says why the run skipped it.
    await expect(row.getByRole("button", { name: "Apply SAVE60" })).toHaveAccessibleDescription("Skipped: needs $200+, your cart is $120: add $80");
    await expect(within(canvasElement).getByRole("status").textContent).toContain("add $80");
  },
};

export const SkippedWithReasonDark: Story = { ...SkippedWithReason, decorators: [dark] };

/** The welcome code is marked, and listed (and tried) after every other code that can apply. */
export const NewCustomersOnly: Story = {
  args: withCart("$120.00"),
  play: async ({ canvasElement }) => {
    const row = rowOf(canvasElement, "WELCOME15");
    await expect(row.getByText("New customers only: tried last")).toBeTruthy();
    await expect(listedCodes(canvasElement).indexOf("WELCOME15")).toBe(2);
    await expect(row.getByRole("button", { name: "Apply WELCOME15" }).textContent).toBe("Apply");
  },
};

export const NewCustomersOnlyDark: Story = { ...NewCustomersOnly, decorators: [dark] };

/** A $209.99 cart reaches every tier: the qualifying codes come first, each saying so; the welcome code last. */
export const QualifyingFirst: Story = {
  args: withCart("$209.99"),
  play: async ({ canvasElement }) => {
    await expect(listedCodes(canvasElement)).toEqual(["SAVE10", "SAVE25", "SAVE60", "WELCOME15"]);
    await expect(within(canvasElement).getAllByText("Your cart qualifies")).toHaveLength(3);
    await expect(within(canvasElement).queryByText(/^Skipped/)).toBeNull();
    await expect(rowOf(canvasElement, "SAVE60").getByText("Excludes gift cards and marketplace sellers")).toBeTruthy();
  },
};

export const QualifyingFirstDark: Story = { ...QualifyingFirst, decorators: [dark] };

/** The page shows no cart total: minimums are unknown, nothing is skipped, every code is tried. */
export const CartTotalUnknown: Story = {
  args: withCart(null),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText(/^Skipped/)).toBeNull();
    await expect(within(canvasElement).queryByText("Your cart qualifies")).toBeNull();
    await expect(listedCodes(canvasElement).at(-1)).toBe("WELCOME15");
  },
};

/** Nothing can apply to a $30 cart: the status line says so and that a code can still be tried. */
export const NothingCanApply: Story = {
  args: {
    ...withCart("$30.00"),
    summary: "No code can apply to this cart yet. Skipped 3 codes this cart cannot take. You can still try one.",
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText(/^Skipped: needs/)).toHaveLength(3);
    await expect(rowOf(canvasElement, "SAVE10").getByText("Skipped: needs $50+, your cart is $30: add $20")).toBeTruthy();
  },
};
