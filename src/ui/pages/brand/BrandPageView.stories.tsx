import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { CopyFeedback } from "../../../application/machines/codeCopyRegion";
import type { BrandPage } from "../../../domain/dealDetail";
import { SAMPLE_DAY, SAMPLE_DEALS, SAMPLE_TODAY, sampleDeal } from "../dashboard/fixtures";
import { BrandPageView } from "./BrandPageView";

const brindlemart: BrandPage = {
  brand: { id: "b1", name: "Brindlemart", domain: "brindlemart.com", isActive: true },
  currentDeals: [SAMPLE_DEALS[0]!],
  pastDeals: [{ ...SAMPLE_DEALS[3]!, status: "used" }, SAMPLE_DEALS[2]!],
  typicalPercentOff: 25,
  emailsPerWeek: 1.5,
  emailCount: 6,
  today: SAMPLE_DAY,
};

/** A brand whose current deals have codes (one with a condition per code), fine print and links, and a past deal with a code. */
const withCodes: BrandPage = {
  ...brindlemart,
  currentDeals: [
    sampleDeal({
      id: "b1-tiers",
      title: "Save on every order this week",
      brand: "Brindlemart",
      brandId: "b1",
      promoCode: "SAVE10, SAVE25",
      codeConditions: [
        { code: "SAVE10", condition: "$10 off $50" },
        { code: "SAVE25", condition: "$25 off $100" },
      ],
      terms: ["Excludes gift cards", "One use per customer"],
      dealUrl: "https://www.brindlemart.com/sale",
      expirationDate: "2025-10-11",
    }),
    // An address that is not a web page gets no link.
    { ...SAMPLE_DEALS[0]!, brandId: "b1", dealUrl: "javascript:alert(1)" },
  ],
  pastDeals: [sampleDeal({ id: "b1-old", title: "Summer clearance", brand: "Brindlemart", brandId: "b1", promoCode: "SUMMER15", expirationDate: "2025-08-31" })],
};

const withCodesState = { kind: "ready", page: withCodes, togglePending: false } as const;

const copyOf = (status: CopyFeedback["status"]): CopyFeedback => ({ dealId: "b1-tiers", code: "SAVE10", status, highlighted: status === "copied" });

const meta = {
  title: "Pages/Brand",
  component: BrandPageView,
  args: {
    state: { kind: "ready", page: brindlemart, togglePending: false },
    today: SAMPLE_TODAY,
    copyFeedback: null,
    onCopy: fn(),
    onRetry: fn(),
    onToggleBrand: fn(),
  },
  parameters: { path: "/brands/b1" },
} satisfies Meta<typeof BrandPageView>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

/** Its deals, its typical discount, how often it mails, and the switch that hides it. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Brindlemart");
    await expect(canvas.getByText("25% off", { selector: "p" })).toBeInTheDocument();
    await expect(canvas.getByText("1.5 emails a week")).toBeInTheDocument();
    await expect(canvas.getByText("You used it")).toBeInTheDocument();
    await expect(canvas.getByRole("heading", { name: "Free shipping this weekend" })).toBeInTheDocument();
    const toggle = canvas.getByRole("switch", { name: "Shown on your dashboard" });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await expect(args.onToggleBrand).toHaveBeenCalledWith(true);
  },
};

export const ReadyOnPhone: Story = { ...phone };

/**
 * Each active deal's codes, each with its condition and a Copy button that names its code, its fine print and its
 * link, as on its dashboard card. A press asks the machine to copy and says nothing more until the machine reports.
 * A past deal's code is only text: it has ended.
 */
export const WithCodes: Story = {
  args: { state: withCodesState },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const deal = within(canvas.getByRole("heading", { name: "Save on every order this week" }).closest("li")!);
    const codes = within(deal.getByRole("list", { name: "Promo codes" }));
    await expect(codes.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["SAVE10 · $10 off $50Copy", "SAVE25 · $25 off $100Copy"]);
    await expect(deal.getByText("Expires tomorrow")).toBeInTheDocument();
    await expect(deal.getByText("Fine print:").parentElement).toHaveTextContent("Fine print: Excludes gift cards · One use per customer");
    const link = deal.getByRole("link", { name: "View deal for Save on every order this week" });
    await expect(link).toHaveAttribute("href", "https://www.brindlemart.com/sale");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noreferrer");

    const copy = canvas.getByRole("button", { name: "Copy code SAVE10" });
    await userEvent.click(copy);
    await expect(args.onCopy).toHaveBeenCalledWith("b1-tiers", "SAVE10");
    await expect(copy).toHaveTextContent("Copy");
    await expect(canvas.queryByText("Copied!")).toBeNull();

    // The other deal: its code to copy, but no link to an address that is not a web page.
    await expect(canvas.getByRole("button", { name: "Copy code EARLY25" })).toBeInTheDocument();
    await expect(canvas.getAllByRole("link", { name: /^View deal/ })).toHaveLength(1);

    // The past deal: its code, and nothing to copy.
    const past = within(canvas.getByRole("heading", { name: "Summer clearance" }).closest("li")!);
    await expect(past.getByText("SUMMER15")).toBeInTheDocument();
    await expect(past.queryByRole("button")).toBeNull();
    await expect(canvas.queryByRole("button", { name: /SUMMER15/ })).toBeNull();
  },
};

export const WithCodesOnPhone: Story = { ...phone, args: { state: withCodesState } };

/** The clipboard took the code: 'Copied!' on that code's button only. */
export const CodeCopied: Story = {
  args: { state: withCodesState, copyFeedback: copyOf("copied") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Copied SAVE10" })).toHaveTextContent("Copied!");
    await expect(canvas.getByRole("button", { name: "Copy code SAVE25" })).toHaveTextContent("Copy");
    await expect(canvas.getAllByText("Copied!")).toHaveLength(1);
  },
};

/** Still waiting for the clipboard: the button says nothing yet. */
export const Copying: Story = {
  args: { state: withCodesState, copyFeedback: copyOf("copying") },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Copy code SAVE10" })).toHaveTextContent("Copy");
    await expect(within(canvasElement).queryByText("Copied!")).toBeNull();
  },
};

/** The clipboard refused: never 'Copied!'; the button says so (the toast says how to copy by hand) and can try again. */
export const CopyFailed: Story = {
  args: { state: withCodesState, copyFeedback: copyOf("failed") },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText("Copied!")).toBeNull();
    const again = canvas.getByRole("button", { name: "Copy failed: copy code SAVE10 again" });
    await expect(again).toHaveTextContent("Copy failed");
    await expect(canvas.getByRole("button", { name: "Copy code SAVE25" })).toHaveTextContent("Copy");
    await userEvent.click(again);
    await expect(args.onCopy).toHaveBeenCalledWith("b1-tiers", "SAVE10");
  },
};

export const Hidden: Story = {
  args: { state: { kind: "ready", page: { ...brindlemart, brand: { ...brindlemart.brand, isActive: false } }, togglePending: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch", { name: "Hidden from your dashboard" })).not.toBeChecked();
  },
};

export const TogglePending: Story = {
  args: { state: { kind: "ready", page: brindlemart, togglePending: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch")).toBeDisabled();
  },
};

export const NoDealsYet: Story = {
  args: { state: { kind: "ready", page: { ...brindlemart, currentDeals: [], pastDeals: [], typicalPercentOff: null, emailsPerWeek: 0, emailCount: 0 }, togglePending: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No percent deals yet")).toBeInTheDocument();
    await expect(canvas.getByText("No current deals from this brand right now.")).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { state: { kind: "loading" } } };

export const Missing: Story = {
  args: { state: { kind: "missing" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Back to your deals" })).toHaveAttribute("href", "/dashboard");
  },
};

export const Failed: Story = {
  args: { state: { kind: "failed" } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
