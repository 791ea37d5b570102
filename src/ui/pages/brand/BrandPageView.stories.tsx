import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { BrandPage } from "../../../domain/dealDetail";
import { SAMPLE_DEALS, SAMPLE_TODAY } from "../dashboard/fixtures";
import { BrandPageView } from "./BrandPageView";

const brindlemart: BrandPage = {
  brand: { id: "b1", name: "Brindlemart", domain: "brindlemart.com", isActive: true },
  activeDeals: [SAMPLE_DEALS[0]!, { ...SAMPLE_DEALS[3]!, status: "used" }],
  pastDeals: [SAMPLE_DEALS[2]!],
  typicalPercentOff: 25,
  emailsPerWeek: 1.5,
  emailCount: 6,
};

const meta = {
  title: "Pages/Brand",
  component: BrandPageView,
  args: { state: { kind: "ready", page: brindlemart, togglePending: false }, today: SAMPLE_TODAY, onRetry: fn(), onToggleBrand: fn() },
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
  args: { state: { kind: "ready", page: { ...brindlemart, activeDeals: [], pastDeals: [], typicalPercentOff: null, emailsPerWeek: 0, emailCount: 0 }, togglePending: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No percent deals yet")).toBeInTheDocument();
    await expect(canvas.getByText("No active deals from this brand right now.")).toBeInTheDocument();
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
