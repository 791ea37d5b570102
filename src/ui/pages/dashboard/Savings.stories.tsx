import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { darkScheme } from "../../theme/darkScheme.css";
import { DealPrice } from "./DealPrice";
import { SavedTotals } from "./SavedTotals";
import { SavingPrompt } from "./SavingPrompt";

/*
 * Savings (docs/product.md, "Savings"): a card's was/now price line, the question "Used it" asks, and the totals, at a
 * phone's width (390) and a desktop's (1280), in the light and the dark scheme.
 */
const PHONE = 390;
const DESKTOP = 1280;

const at =
  (width: number, dark: boolean): Decorator =>
  (Story) => (
    <div className={dark ? darkScheme : undefined} style={{ width, minHeight: 320, padding: 16, background: "var(--df-color-background)" }}>
      <Story />
    </div>
  );
const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

/** The same story at both widths and in both schemes. */
function everywhere(story: Story): Record<"Phone" | "PhoneDark" | "Desktop" | "DesktopDark", Story> {
  return {
    Phone: { ...phone, ...story, decorators: [at(PHONE, false)] },
    PhoneDark: { ...phone, ...story, decorators: [at(PHONE, true)] },
    Desktop: { ...story, decorators: [at(DESKTOP, false)] },
    DesktopDark: { ...story, decorators: [at(DESKTOP, true)] },
  };
}

const meta = {
  title: "Pages/Dashboard/Savings",
  component: SavingPrompt,
  args: {
    prompt: { dealId: "d1", title: "The Copper Kettle, 40% off", suggestion: { hundredths: 2400, currency: "USD" } },
    onRecord: fn(),
    onSkip: fn(),
  },
} satisfies Meta<typeof SavingPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

// The price line ---------------------------------------------------------------------------------------------------

const priceLine: Story = {
  render: () => (
    <article aria-label="A deal">
      <DealPrice deal={{ price: { currency: "USD", nowHundredths: 3599, wasHundredths: 5999 } }} />
      <DealPrice deal={{ price: { currency: "EUR", nowHundredths: 123456, wasHundredths: 149900 } }} />
      <DealPrice deal={{}} />
    </article>
  ),
  play: async ({ canvasElement }) => {
    const lines = within(canvasElement).getAllByTestId("deal-price");
    // A deal whose mail states no price has no line.
    await expect(lines).toHaveLength(2);
    await expect(lines[0]).toHaveTextContent("$35.99 was $59.99 — save $24.00");
    await expect(lines[1]).toHaveTextContent("€1,234.56 was €1,499.00 — save €264.44");
    await expect(within(lines[0]!).getByText("$59.99").tagName).toBe("S");
  },
};
const priceLines = everywhere(priceLine);
export const PriceLinePhone = priceLines.Phone;
export const PriceLinePhoneDark = priceLines.PhoneDark;
export const PriceLineDesktop = priceLines.Desktop;
export const PriceLineDesktopDark = priceLines.DesktopDark;

// The savings question -----------------------------------------------------------------------------------------------

const acceptSuggestion: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole("form", { name: "How much did “The Copper Kettle, 40% off” save you?" });
    await expect(within(form).getByText("The email says $24.00.")).toBeVisible();
    const amount = canvas.getByLabelText("Amount");
    await expect(amount).toHaveValue("24.00");
    await expect(amount).toHaveFocus();
    await expect(canvas.getByLabelText("Currency")).toHaveValue("USD");
    await userEvent.click(canvas.getByRole("button", { name: "Save $24.00" }));
    await expect(args.onRecord).toHaveBeenCalledWith({ hundredths: 2400, currency: "USD" });
  },
};
const accepting = everywhere(acceptSuggestion);
export const PromptAcceptPhone = accepting.Phone;
export const PromptAcceptPhoneDark = accepting.PhoneDark;
export const PromptAcceptDesktop = accepting.Desktop;
export const PromptAcceptDesktopDark = accepting.DesktopDark;

const typeAmount: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByLabelText("Amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "-3");
    await userEvent.click(canvas.getByRole("button", { name: "Save" }));
    // Refused in words, tied to the field, and nothing recorded.
    await expect(canvas.getByRole("alert")).toHaveTextContent("A saving cannot be below zero.");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(args.onRecord).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, "18,50");
    await userEvent.selectOptions(canvas.getByLabelText("Currency"), "EUR");
    await userEvent.click(canvas.getByRole("button", { name: "Save €18.50" }));
    await expect(args.onRecord).toHaveBeenCalledWith({ hundredths: 1850, currency: "EUR" });
  },
};
const typing = everywhere(typeAmount);
export const PromptTypePhone = typing.Phone;
export const PromptTypePhoneDark = typing.PhoneDark;
export const PromptTypeDesktop = typing.Desktop;
export const PromptTypeDesktopDark = typing.DesktopDark;

const skipWithoutFigure: Story = {
  args: { prompt: { dealId: "d2", title: "Free shipping on tea", suggestion: null } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/The email says/)).toBeNull();
    await expect(canvas.getByLabelText("Amount")).toHaveValue("");
    await userEvent.click(canvas.getByRole("button", { name: "Skip" }));
    await expect(args.onSkip).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("{Escape}");
    await expect(args.onSkip).toHaveBeenCalledTimes(2);
    await expect(args.onRecord).not.toHaveBeenCalled();
  },
};
const skipping = everywhere(skipWithoutFigure);
export const PromptSkipPhone = skipping.Phone;
export const PromptSkipPhoneDark = skipping.PhoneDark;
export const PromptSkipDesktop = skipping.Desktop;
export const PromptSkipDesktopDark = skipping.DesktopDark;

// The totals ---------------------------------------------------------------------------------------------------------

const totals: Story = {
  render: () => <SavedTotals saved={{ month: [{ hundredths: 2400, currency: "USD" }], year: [{ hundredths: 13550, currency: "USD" }, { hundredths: 1800, currency: "EUR" }] }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("region", { name: "Your savings" });
    await expect(list).toHaveTextContent("Saved this month$24.00");
    // Never added across currencies.
    await expect(list).toHaveTextContent("Saved this year$135.50 and €18.00");
  },
};
const totalsEverywhere = everywhere(totals);
export const TotalsPhone = totalsEverywhere.Phone;
export const TotalsPhoneDark = totalsEverywhere.PhoneDark;
export const TotalsDesktop = totalsEverywhere.Desktop;
export const TotalsDesktopDark = totalsEverywhere.DesktopDark;
